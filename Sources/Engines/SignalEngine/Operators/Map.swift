/// Transforms every value.
public func map<T, E, R>(_ f: @escaping (T) -> R) -> (Signal<T, E>) -> Signal<R, E> {
    { signal in
        Signal<R, E> { subscriber in
            signal.start(
                next: { subscriber.putNext(f($0)) },
                error: { subscriber.putError($0) },
                completed: { subscriber.putCompletion() })
        }
    }
}
