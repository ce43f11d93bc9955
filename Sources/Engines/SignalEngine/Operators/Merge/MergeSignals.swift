/// Subscribes to every signal at once and forwards all values; completes when all have completed, the
/// first error terminates.
public func mergeSignals<T, E>(_ signals: [Signal<T, E>]) -> Signal<T, E> {
    Signal<T, E> { subscriber in
        let state = MergeState(subscriber: subscriber)
        for signal in signals {
            if subscriber.isTerminated { break }
            state.startInner(signal)
        }
        state.outerCompleted()
        return state
    }
}
