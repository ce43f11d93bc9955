/// A cold stream: a value wrapping one closure that, given a subscriber, starts producing and returns
/// what stops it. Operators are free functions returning `(Signal) -> Signal`, composed with `|>`.
///
/// SwiftSignalKit's `Signal` is a final class (Signal.swift:45-50 at the pinned fork); here it is a struct, so
/// building a chain allocates only the generator closures' contexts, not one object per stage as well. The
/// locked variants keep the library's class (Locked/Signal.swift).
public struct Signal<T, E> {
    let generator: (Subscriber<T, E>) -> Disposable

    public init(_ generator: @escaping (Subscriber<T, E>) -> Disposable) {
        self.generator = generator
    }
}

extension Signal {
    /// Subscribes: the handlers go into a new `Subscriber`, the generator runs on the calling thread.
    /// The returned disposable ends the subscription.
    @discardableResult
    public func start(
        next: @escaping (T) -> Void = { _ in },
        error: @escaping (E) -> Void = { _ in },
        completed: @escaping () -> Void = {}
    ) -> Disposable {
        let subscriber = Subscriber<T, E>(next: next, error: error, completed: completed)
        subscriber.attach(generator(subscriber))
        return subscriber
    }
}
