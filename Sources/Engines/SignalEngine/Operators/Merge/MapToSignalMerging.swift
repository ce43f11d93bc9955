/// flatMap with the merge strategy: every value becomes an inner signal and all inner signals run at
/// once. Completes when the source and every inner signal have completed.
///
/// SwiftSignalKit's own `mapToSignal` switches to the latest inner signal; this engine keeps that
/// meaning for `mapToSignal` and names the merging form explicitly (docs/decisions/signal-engine.md).
public func mapToSignalMerging<T, R, E>(_ f: @escaping (T) -> Signal<R, E>) -> (Signal<T, E>) -> Signal<R, E> {
    { signal in
        Signal<R, E> { subscriber in
            let state = MergeState(subscriber: subscriber)
            state.outer.set(signal.start(
                next: { state.startInner(f($0)) },
                error: { subscriber.putError($0) },
                completed: { state.outerCompleted() }))
            return state
        }
    }
}
