import RxBenchCore

/// The one-result trait (docs/decisions/single.md): a request that answers once, per lifecycle, in each
/// engine's own idiom (`Single.create`, a signal that puts one value and completes, `createSignal`).
enum Singles {
    /// The answer of the first request.
    static let answer = 1
    /// The second request, made from the first answer: `x * 10 + 1`, so that the checksum tells a skipped
    /// map (11) or a skipped second request (2) from the whole chain (21).
    static let secondRequest = IntTransform("x10+1") { $0 &* 10 &+ 1 }.plain { $0 &* 10 &+ 1 }

    static let all: [Workload] = [
        .answering(
            "SingleCreating", group: "single",
            summary: "per lifecycle: create a one-result producer, subscribe, it answers, done",
            flow: .single(.success(answer)), answer: answer),
        .answering(
            "SingleChain", group: "single",
            summary: "per lifecycle: one-result producer -> map(+1) -> flatMap to a second one-result producer",
            flow: .singleFlatMap(.map(.single(.success(answer)), Stage.increment), .answering(secondRequest)),
            answer: secondRequest.apply(Stage.increment.apply(answer))),
    ]
}
