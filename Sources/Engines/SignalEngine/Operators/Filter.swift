/// Forwards the values for which the predicate holds.
public func filter<T, E>(_ predicate: @escaping (T) -> Bool) -> (Signal<T, E>) -> Signal<T, E> {
    { signal in
        Signal<T, E> { subscriber in
            signal.start(
                next: { if predicate($0) { subscriber.putNext($0) } },
                error: { subscriber.putError($0) },
                completed: { subscriber.putCompletion() })
        }
    }
}
