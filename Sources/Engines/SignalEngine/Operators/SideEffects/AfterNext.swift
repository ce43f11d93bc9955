/// Runs `f` with every value after it went downstream.
public func afterNext<T, E>(_ f: @escaping (T) -> Void) -> (Signal<T, E>) -> Signal<T, E> {
    { signal in
        Signal<T, E> { subscriber in
            signal.start(
                next: {
                    subscriber.putNext($0)
                    f($0)
                },
                error: { subscriber.putError($0) },
                completed: { subscriber.putCompletion() })
        }
    }
}
