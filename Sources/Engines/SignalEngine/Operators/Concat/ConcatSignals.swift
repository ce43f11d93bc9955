/// Starts each signal after the previous one completed; iterative, so that a long list of
/// synchronous signals does not grow the stack.
public func concatSignals<T, E>(_ signals: [Signal<T, E>]) -> Signal<T, E> {
    Signal<T, E> { subscriber in
        let state = ConcatState(signals: signals, subscriber: subscriber)
        state.run()
        return state
    }
}
