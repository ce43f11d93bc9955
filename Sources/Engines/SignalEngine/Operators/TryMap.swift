/// Transforms every value; a `.failure` ends the signal with that error (upstream disposed by the
/// subscriber's termination).
// SwiftSignalKit has no throwing closures; its failure channel is the typed error `E`, so the closure
// answers a `Result` and the operator puts its failure as the error.
public func tryMap<T, E, R>(_ f: @escaping (T) -> Result<R, E>) -> (Signal<T, E>) -> Signal<R, E> {
    { signal in
        Signal<R, E> { subscriber in
            signal.start(
                next: {
                    switch f($0) {
                    case .success(let value): subscriber.putNext(value)
                    case .failure(let error): subscriber.putError(error)
                    }
                },
                error: { subscriber.putError($0) },
                completed: { subscriber.putCompletion() })
        }
    }
}
