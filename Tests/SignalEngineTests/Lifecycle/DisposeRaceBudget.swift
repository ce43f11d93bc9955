import TestSupport
/// How many dispose-vs-delivery races the engine's race test runs, and for how long. Not a
/// million: a round costs about 50 us in a debug build here, so a million would take minutes.
// `seconds` keeps the three engines' race tests together near 20 s of `swift test` (about 8,600 raced rounds per second
// here under a load of 4 to 6). `minimumRaced` is absolute: past `seconds` the test races on until it is
// reached, for at most ten times `seconds` (Tests/Support/DisposeRace.swift), so a machine busy with other
// work makes the test slower and never lowers what it demands.
let disposeRaceBudget = DisposeRaceBudget(rounds: 60_000, seconds: 6.0, minimumRaced: 1_000)
