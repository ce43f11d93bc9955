/// The generator runs once per subscription, at subscription time.
public func deferred<T, E>(_ generator: @escaping () -> Signal<T, E>) -> Signal<T, E> {
    Signal { subscriber in
        generator().start(
            next: { subscriber.putNext($0) },
            error: { subscriber.putError($0) },
            completed: { subscriber.putCompletion() })
    }
}
