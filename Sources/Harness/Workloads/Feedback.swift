import RxBenchCore

/// The RxFeedback loop as a counter state machine: state starts at 0; one feedback answers every state
/// below n with the mutation +1; the reducer adds. The loop is synchronous and runs through the
/// trampoline: n steps, n + 1 states.
enum Feedback {
    static let all: [Workload] = [
        Workload(
            name: "FeedbackCounter", group: "system", summary: "system(0, +, state < n ? +1) until n; per step",
            shape: .pumping, defaultSize: 100_000
        ) { steps in
            let feedback: Flow = .map(.filter(.feedbackState, IntPredicate("below \(steps)") { $0 < steps }.plain { $0 < steps }),
                IntTransform("one") { _ in 1 }.plain { _ in 1 })
            return Scenario(
                flow: .take(.system(initial: 0, reduce: Stage.sum, feedbacks: [feedback]), count: steps + 1),
                expected: .expect(completions: 1) { fold in for state in 0...steps { fold.add(state) } })
        }
    ]
}
