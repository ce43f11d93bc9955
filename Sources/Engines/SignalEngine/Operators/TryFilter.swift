/// Forwards the values for which the predicate answers `.success(true)`; a `.failure` ends the signal
/// with that error (upstream disposed by the subscriber's termination).
// SwiftSignalKit has no throwing closures; its failure channel is the typed error `E`, so the predicate
// answers a `Result`.
public func tryFilter<T, E>(_ predicate: @escaping (T) -> Result<Bool, E>) -> (Signal<T, E>) -> Signal<T, E> {
    { signal in
        Signal<T, E> { subscriber in
            signal.start(
                next: { value in
                    switch predicate(value) {
                    case .success(let keep): if keep { subscriber.putNext(value) }
                    case .failure(let error): subscriber.putError(error)
                    }
                },
                error: { subscriber.putError($0) },
                completed: { subscriber.putCompletion() })
        }
    }
}
