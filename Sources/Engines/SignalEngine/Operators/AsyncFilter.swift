/// Hands each value to `predicate` with a one-shot reply; the value goes downstream when the reply is
/// `true`. Built like `asyncMap`: a one-time signal per value, merged.
public func asyncFilter<T, E>(_ predicate: @escaping (T, @escaping (Bool) -> Void) -> Void) -> (Signal<T, E>) -> Signal<T, E> {
    mapToSignalMerging { value in
        Signal<T, E> { subscriber in
            predicate(value) { verdict in
                if verdict { subscriber.putNext(value) }
                subscriber.putCompletion()
            }
            return EmptyDisposable
        }
    }
}
