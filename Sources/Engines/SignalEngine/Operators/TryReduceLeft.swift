/// `reduceLeft` whose step may fail: the final accumulation on completion, or, at the first `.failure`,
/// that error at once (upstream disposed by the subscriber's termination, no result sent).
// SwiftSignalKit has no throwing closures; its failure channel is the typed error `E`, so the step answers
// a `Result`.
public func tryReduceLeft<T, E, A>(value initial: A, f: @escaping (A, T) -> Result<A, E>) -> (Signal<T, E>) -> Signal<A, E> {
    { signal in
        Signal<A, E> { subscriber in
            let state = StageState(initial)
            return signal.start(
                next: {
                    switch f(state.value, $0) {
                    case .success(let accumulation): state.value = accumulation
                    case .failure(let error): subscriber.putError(error)
                    }
                },
                error: { subscriber.putError($0) },
                completed: {
                    subscriber.putNext(state.value)
                    subscriber.putCompletion()
                })
        }
    }
}
