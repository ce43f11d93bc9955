extension Signal {
    /// No event, ever.
    @inlinable
    public static func never() -> Signal<T, E> {
        Signal { _ in EmptyDisposable }
    }
}
