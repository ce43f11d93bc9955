/// `signal-locked`: SwiftSignalKit's `Signal`, a final class (Signal.swift:45-50 at the pinned fork), and its
/// `start`, which returns a `SubscriberDisposable` beside the subscriber.
public final class Signal<T, E> {
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
        // SwiftSignalKit returns the subscriber and the generator's disposable in a `SubscriberDisposable`
        // (Signal.swift:52-58 at the pinned fork): one more object per start.
        let disposable = generator(subscriber)
        subscriber.attach(disposable)
        return SubscriberDisposable(subscriber: subscriber, disposable: disposable)
    }
}

/// `signal-locked`: what the library's `start` returns (Signal.swift:30-43 at the pinned fork). Disposing it
/// ends the subscriber's delivery, then disposes the generator's disposable, which it keeps: the chain above
/// stays referenced until the outermost disposable is released, not freed inside `dispose()`. (The subscriber
/// lets go of its own reference to that disposable there, as Telegram's does; Telegram's current
/// `SubscriberDisposable` also holds the subscriber weakly and lets go of both in `dispose()`, where the fork
/// keeps them: a departure from the `swiftsignalkit` row, Telegram's own files, measured in README's fidelity
/// section.)
private final class SubscriberDisposable<T, E>: Disposable {
    private let subscriber: Subscriber<T, E>
    private let disposable: Disposable

    init(subscriber: Subscriber<T, E>, disposable: Disposable) {
        self.subscriber = subscriber
        self.disposable = disposable
    }

    func dispose() {
        subscriber.markTerminatedWithoutDisposal()
        disposable.dispose()
    }
}
