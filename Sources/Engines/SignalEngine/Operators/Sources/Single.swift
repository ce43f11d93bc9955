extension Signal {
    /// One value, then completion.
    public static func single(_ value: T) -> Signal<T, E> {
        Signal { subscriber in
            subscriber.putNext(value)
            subscriber.putCompletion()
            return EmptyDisposable
        }
    }
}
