import Synchronization

/// The per-subscription object an operator's `run` makes: the observer of the stage above, forwarding to
/// the stage below.
///
/// `forwardOn` drops events once the sink is disposed, so a sink that has been disposed (by its
/// subscriber, or by itself after a terminal event) is silent even if the stage above keeps sending.
/// Operators subclass it with a `final` class whose `on` is reached through a closure made in `run`,
/// where the types are concrete: the per-event path never goes through a vtable.
open class Sink<Element>: Disposable {
    /// The stage below.
    public let observer: AnyObserver<Element>
    /// The disposer that owns this sink and the subscription above; disposing it disposes both.
    public let cancel: SinkDisposer
    // Guards nothing but itself: set once by `dispose()`, read by `forwardOn` on every event.
    private let disposedFlag = AtomicInt<Bool>(false)

    #if DEBUG
    private let liveObject = LiveObjects.Token()
    #endif

    public init(observer: AnyObserver<Element>, cancel: SinkDisposer) {
        self.observer = observer
        self.cancel = cancel
    }

    /// Sends `event` below unless this sink is disposed.
    @inline(__always)
    public final func forwardOn(_ event: Event<Element>) {
        if disposedFlag.load(ordering: .relaxed) { return }
        observer.on(event)
    }

    /// Sends a terminal event below, then ends the subscription (RxSwift's `forwardOn(e); dispose()`).
    @inline(__always)
    public final func forwardTerminal(_ event: Event<Element>) {
        forwardOn(event)
        dispose()
    }

    public final var isDisposed: Bool { disposedFlag.load(ordering: .relaxed) }

    /// Silences the sink and disposes its `SinkDisposer`, which disposes the subscription above.
    /// Subclasses that own more (inner subscriptions, timers) override and call `super`.
    open func dispose() {
        disposedFlag.store(true, ordering: .releasing)
        cancel.dispose()
    }
}
