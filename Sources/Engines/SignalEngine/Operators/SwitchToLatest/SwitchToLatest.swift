/// Follows the latest inner signal: each new one disposes the previous. Completes when the outer
/// signal and the current inner signal have completed.
public func switchToLatest<T, E>(_ signal: Signal<Signal<T, E>, E>) -> Signal<T, E> {
    #if SIGNAL_LOCKED
    // As the library builds it (Signal_Meta.swift:117-128): its queue state in switch mode.
    Signal<T, E> { subscriber in
        let state = SignalQueueState(subscriber: subscriber, queueMode: false, throttleMode: false)
        state.beginWithDisposable(signal.start(
            next: { state.enqueueSignal($0) },
            error: { subscriber.putError($0) },
            completed: { state.beginCompletion() }))
        return state
    }
    #else
    Signal<T, E> { subscriber in
        let state = SwitchState(subscriber: subscriber)
        state.outer.set(signal.start(
            next: { state.switchTo($0) },
            error: { subscriber.putError($0) },
            completed: { state.outerCompleted() }))
        return state
    }
    #endif
}
