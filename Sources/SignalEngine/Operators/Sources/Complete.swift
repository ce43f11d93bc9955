extension Signal {
    /// Completion at once.
    @inlinable
    public static func complete() -> Signal<T, E> {
        Signal { subscriber in
            subscriber.putCompletion()
            return EmptyDisposable
        }
    }
}
