/// RACPassthroughSubscriber: the subscriber a `createSignal` block receives, one per subscription. It
/// forwards to the real subscriber until the subscription's compound disposable is disposed, then drops
/// every event, so a producer may keep sending after dispose without anyone seeing it.
///
/// The real subscriber is held as three closures made in `RACSignal.subscribe(_:)`, where its concrete type is
/// known: each captures only that subscriber, so they cost no allocation and the calls are specialised.
public final class PassthroughSubscriber<Value>: Subscriber, @unchecked Sendable {
    /// The subscription this subscriber belongs to; disposed means "drop everything".
    public let disposable: CompoundDisposable
    let next: (Value) -> Void
    let error: (any Error) -> Void
    let completed: () -> Void

    #if DEBUG
    private let liveObject = LiveObjects.Token()
    #endif

    init(
        disposable: CompoundDisposable,
        next: @escaping (Value) -> Void,
        error: @escaping (any Error) -> Void,
        completed: @escaping () -> Void
    ) {
        self.disposable = disposable
        self.next = next
        self.error = error
        self.completed = completed
    }

    /// Whether the subscription has been disposed (producers may stop early).
    @inline(__always)
    public var isDisposed: Bool { disposable.isDisposed }

    @inline(__always)
    public func sendNext(_ value: Value) {
        if disposable.isDisposed { return }
        next(value)
    }

    public func sendError(_ error: any Error) {
        if disposable.isDisposed { return }
        self.error(error)
    }

    public func sendCompleted() {
        if disposable.isDisposed { return }
        completed()
    }

    /// A further subscription made on behalf of this one (e.g. `catch` subscribing its replacement with
    /// this subscriber) is tied to this subscription's lifetime.
    public func didSubscribe(with other: CompoundDisposable) {
        if other !== disposable { disposable.add(other) }
    }
}
