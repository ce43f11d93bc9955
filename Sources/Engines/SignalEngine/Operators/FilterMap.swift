/// Transforms every value and drops those that become `nil` (compactMap).
public func filterMap<T, E, R>(_ f: @escaping (T) -> R?) -> (Signal<T, E>) -> Signal<R, E> {
    { signal in
        Signal<R, E> { subscriber in
            signal.start(
                next: { if let value = f($0) { subscriber.putNext(value) } },
                error: { subscriber.putError($0) },
                completed: { subscriber.putCompletion() })
        }
    }
}
