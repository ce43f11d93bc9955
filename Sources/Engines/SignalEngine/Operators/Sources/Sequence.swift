extension Signal {
    /// The values in order, then completion (SwiftSignalKit has no `from`; this is its `single` over a
    /// sequence). Stops early once the subscriber is terminated (disposed during delivery).
    public static func sequence<S: Sequence>(_ values: S) -> Signal<T, E> where S.Element == T {
        Signal { subscriber in
            for value in values {
                if subscriber.isTerminated { return EmptyDisposable }
                subscriber.putNext(value)
            }
            subscriber.putCompletion()
            return EmptyDisposable
        }
    }
}
