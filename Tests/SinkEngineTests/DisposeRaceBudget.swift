/// How many dispose-vs-delivery races the engine's race test runs, and for how long at most. Not a
/// million: a round costs about 50 us in a debug build here, so a million would take minutes.
// Budget, set so that the three engines' race tests together take about 20 s of `swift test`: about 6,700 raced rounds per second on this machine under a load of 4 to 6,
// so the time cap still leaves several times the floor of raced rounds; the floor is absolute, so a loaded
// machine cannot lower what the test demands, only how long it takes to reach it.
enum DisposeRaceBudget {
    static let rounds = 40_000
    static let seconds = 6.0
    static let minimumRaced = underThreadSanitizer ? 1_000 / 10 : 1_000
}
