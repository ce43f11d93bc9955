/// SwiftSignalKit's `mapToSignal`: each value becomes an inner signal and the latest one wins
/// (flatMapLatest). The lean engine builds it directly on the switch state rather than as
/// `map |> switchToLatest`, which would add a stage and a `Signal<Signal>` per value; the locked variants
/// build it as the library does (Signal_Meta.swift:160-172): a stage that maps each value to its signal,
/// then `switchToLatest`.
public func mapToSignal<T, R, E>(_ f: @escaping (T) -> Signal<R, E>) -> (Signal<T, E>) -> Signal<R, E> {
    #if SIGNAL_LOCKED
    { signal in
        Signal<Signal<R, E>, E> { subscriber in
            signal.start(
                next: { subscriber.putNext(f($0)) },
                error: { subscriber.putError($0) },
                completed: { subscriber.putCompletion() })
        } |> switchToLatest
    }
    #else
    { signal in
        Signal<R, E> { subscriber in
            let state = SwitchState(subscriber: subscriber)
            state.outer.set(signal.start(
                next: { state.switchTo(f($0)) },
                error: { subscriber.putError($0) },
                completed: { state.outerCompleted() }))
            return state
        }
    }
    #endif
}
