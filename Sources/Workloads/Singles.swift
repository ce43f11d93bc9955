import RxBenchCore

/// The one-result trait (docs/decisions/single.md): a request that answers once, per lifecycle, in each
/// engine's own idiom (`Single.create`, a signal that puts one value and completes, `createSignal`).
enum Singles {
    /// The answer of the first request.
    static let answer = 1
    /// The second request, made from the first answer: `x * 10 + 1`, so that the checksum tells a skipped
    /// map (11) or a skipped second request (2) from the whole chain (21).
    static let secondRequest = IntTransform("x10+1") { $0 &* 10 &+ 1 }

    static let all: [Workload] = [
        Workload(
            name: "SingleCreating", group: "single",
            summary: "per lifecycle: create a one-result producer, subscribe, it answers, done",
            shape: .creating, defaultSize: 100_000
        ) { lifecycles in
            Scenario(
                flow: .single(.success(answer)), lifecycles: lifecycles,
                expected: .expect(lifecycles: lifecycles, completions: lifecycles) { $0.add(answer) })
        },
        Workload(
            name: "SingleChain", group: "single",
            summary: "per lifecycle: one-result producer -> map(+1) -> flatMap to a second one-result producer",
            shape: .creating, defaultSize: 100_000
        ) { lifecycles in
            Scenario(
                flow: .singleFlatMap(.map(.single(.success(answer)), Stage.increment), .answering(secondRequest)),
                lifecycles: lifecycles,
                expected: .expect(lifecycles: lifecycles, completions: lifecycles) {
                    $0.add(secondRequest.apply(Stage.increment.apply(answer)))
                })
        },
    ]
}
