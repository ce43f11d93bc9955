import Synchronization

/// The loop `concat` and `retry` share: each subscription that ends in the way that asks for the next (a
/// completion for concat, an error for retry) calls `request()`; the thread that raises `requests` from zero runs
/// the loop, and a request arriving while it subscribes (synchronously or from another thread) only bumps the
/// count, so the loop, not the stack, carries the iteration. A subclass says whether there is a next
/// subscription and makes it.
class ResubscriptionLoop<Value>: @unchecked Sendable {
    let subscriber: PassthroughSubscriber<Value>
    /// The subscription running now.
    let current = SerialDisposable()
    /// Pending requests; whoever takes it from 0 to 1 runs the loop, and the acquire/release on it hands a
    /// subclass's state from one loop runner to the next.
    private let requests = Atomic<Int>(0)

    #if DEBUG
    private let liveObject = LiveObjects.Token()
    #endif

    init(subscriber: PassthroughSubscriber<Value>) {
        self.subscriber = subscriber
    }

    /// Whether there is a next subscription to make; a subclass with none ends the stream here and says false.
    func hasNext() -> Bool { true }

    /// Subscribes the next signal, whose end (the one that asks for the next) calls `request()`.
    func subscribeNext() -> Disposable? {
        preconditionFailure("\(Self.self) says what its next subscription is")
    }

    /// Asks for the next subscription; runs the loop unless a runner is already in it.
    final func request() {
        if requests.wrappingAdd(1, ordering: .acquiringAndReleasing).oldValue != 0 { return }
        repeat {
            if current.isDisposed { return }
            guard hasNext() else { return }
            // Installed before subscribing, so that an end racing ahead on another thread can never be
            // overwritten by this (finished) subscription's disposable.
            let slot = SerialDisposable()
            current.disposable = slot
            slot.disposable = subscribeNext()
        } while requests.wrappingSubtract(1, ordering: .acquiringAndReleasing).newValue != 0
    }
}
