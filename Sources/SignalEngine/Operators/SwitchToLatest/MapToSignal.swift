/// SwiftSignalKit's `mapToSignal`: each value becomes an inner signal and the latest one wins
/// (flatMapLatest). Built directly on the switch state rather than as `map |> switchToLatest`, which
/// would add a stage and a `Signal<Signal>` per value.
public func mapToSignal<T, R, E>(_ f: @escaping (T) -> Signal<R, E>) -> (Signal<T, E>) -> Signal<R, E> {
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
}
