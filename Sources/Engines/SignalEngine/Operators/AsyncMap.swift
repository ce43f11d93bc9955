/// Hands each value to `f` with a one-shot reply; replies go downstream in the order they arrive.
/// Each value becomes a one-time signal whose subscriber completes itself after its first value,
/// merged with `mapToSignalMerging` (the shape of ReactiveCocoa's `st_asyncMap`).
public func asyncMap<T, R, E>(_ f: @escaping (T, @escaping (R) -> Void) -> Void) -> (Signal<T, E>) -> Signal<R, E> {
    mapToSignalMerging { value in
        Signal<R, E> { subscriber in
            f(value) { reply in
                subscriber.putNext(reply)
                subscriber.putCompletion()
            }
            return EmptyDisposable
        }
    }
}
