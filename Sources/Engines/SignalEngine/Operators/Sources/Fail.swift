extension Signal {
    /// The error at once.
    public static func fail(_ error: E) -> Signal<T, E> {
        Signal { subscriber in
            subscriber.putError(error)
            return EmptyDisposable
        }
    }
}
