/// Runs `f` with every value before it goes downstream.
public func beforeNext<T, E>(_ f: @escaping (T) -> Void) -> (Signal<T, E>) -> Signal<T, E> {
    { signal in
        Signal<T, E> { subscriber in
            signal.start(
                next: {
                    f($0)
                    subscriber.putNext($0)
                },
                error: { subscriber.putError($0) },
                completed: { subscriber.putCompletion() })
        }
    }
}
