/// RxFeedback's `system(initialState:reduce:feedbacks:)` from this engine's own operators: the state
/// signal starts with `initialState`; every feedback receives the state (replayed by a `Promise`,
/// delivered through the current-thread trampoline) and returns mutations; the merged mutations are
/// scanned with `reduce`. The subscription runs on the trampoline too, so a feedback that answers
/// synchronously queues its next turn instead of recursing.
public func system<S, M, E>(
    initialState: S,
    reduce: @escaping (S, M) -> S,
    feedbacks: [(Signal<S, E>) -> Signal<M, E>]
) -> Signal<S, E> {
    deferred {
        let state = Promise<S, E>()
        let trampoline = Trampoline.currentThread
        let stateSignal = state.get() |> deliverOn(trampoline)
        let mutations = mergeSignals(feedbacks.map { $0(stateSignal) })
        return mutations
            |> scan(initialState, reduce)
            |> beforeNext { state.putNext($0) }
            |> beforeStarted { state.putNext(initialState) }
            |> runOn(trampoline)
            |> startWith([initialState])
    }
}
