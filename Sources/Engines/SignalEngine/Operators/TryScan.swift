/// Emits every intermediate accumulation; a `.failure` from the accumulator ends the signal with that
/// error (upstream disposed by the subscriber's termination).
// SwiftSignalKit has no throwing closures; its failure channel is the typed error `E`, so the
// accumulator answers a `Result`.
public func tryScan<T, E, A>(_ initial: A, _ f: @escaping (A, T) -> Result<A, E>) -> (Signal<T, E>) -> Signal<A, E> {
    { signal in
        Signal<A, E> { subscriber in
            let state = StageState(initial)
            return signal.start(
                next: {
                    switch f(state.value, $0) {
                    case .success(let accumulation):
                        state.value = accumulation
                        subscriber.putNext(accumulation)
                    case .failure(let error):
                        subscriber.putError(error)
                    }
                },
                error: { subscriber.putError($0) },
                completed: { subscriber.putCompletion() })
        }
    }
}
