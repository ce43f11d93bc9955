/// Starts the signal again after an error, until `attempts` subscriptions in total have been made; the
/// last error is then forwarded. (SwiftSignalKit's `restartIfError` restarts forever and its `retry`
/// adds delays; the bounded count is the suite's contract.)
public func restartIfError<T, E>(attempts: Int) -> (Signal<T, E>) -> Signal<T, E> {
    { signal in
        Signal<T, E> { subscriber in
            let state = RestartState(signal: signal, attempts: max(1, attempts), subscriber: subscriber)
            state.run()
            return state
        }
    }
}
