/// Runs `f` before completion goes downstream.
public func beforeCompleted<T, E>(_ f: @escaping () -> Void) -> (Signal<T, E>) -> Signal<T, E> {
    { signal in
        Signal<T, E> { subscriber in
            signal.start(
                next: { subscriber.putNext($0) },
                error: { subscriber.putError($0) },
                completed: {
                    f()
                    subscriber.putCompletion()
                })
        }
    }
}
