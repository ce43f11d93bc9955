extension Signal {
    /// No event, ever.
    public static func never() -> Signal<T, E> {
        Signal { _ in EmptyDisposable }
    }
}
