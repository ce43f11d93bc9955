/// Puts `values` synchronously at subscription, then starts the signal. (SwiftSignalKit code writes
/// `.single(x) |> then(signal)`; this is the same for a list, without a concat stage.)
public func startWith<T, E>(_ values: [T]) -> (Signal<T, E>) -> Signal<T, E> {
    { signal in
        Signal<T, E> { subscriber in
            for value in values { subscriber.putNext(value) }
            if subscriber.isTerminated { return EmptyDisposable }
            return signal.start(
                next: { subscriber.putNext($0) },
                error: { subscriber.putError($0) },
                completed: { subscriber.putCompletion() })
        }
    }
}
