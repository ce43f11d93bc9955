import Synchronization

/// One subscription of `concat`. Completion of a signal asks for the next one; the thread that raises
/// `requests` from zero runs the loop and any completion arriving while it subscribes (synchronously or
/// from another thread) only bumps the count, so the loop, not the stack, carries the iteration.
final class ConcatState<Value>: @unchecked Sendable {
    let signals: [RACSignal<Value>]
    let subscriber: PassthroughSubscriber<Value>
    /// The subscription of the signal currently running.
    let current = SerialDisposable()
    /// Pending "subscribe the next signal" requests; whoever takes it from 0 to 1 runs the loop, and the
    /// acquire/release on it hands `index` from one loop runner to the next.
    let requests = Atomic<Int>(0)
    /// Touched only by the loop runner.
    var index = 0

    #if DEBUG
    private let liveObject = LiveObjects.Token()
    #endif

    init(signals: [RACSignal<Value>], subscriber: PassthroughSubscriber<Value>) {
        self.signals = signals
        self.subscriber = subscriber
    }

    func subscribeNextSignal() {
        if requests.wrappingAdd(1, ordering: .acquiringAndReleasing).oldValue != 0 { return }
        repeat {
            if current.isDisposed { return }
            if index == signals.count {
                subscriber.sendCompleted()
                return
            }
            let signal = signals[index]
            index += 1
            // Installed before subscribing, so that a completion racing ahead on another thread can never
            // be overwritten by this (finished) subscription's disposable.
            let slot = SerialDisposable()
            current.disposable = slot
            slot.disposable = signal.subscribeNext(
                { [self] value in subscriber.sendNext(value) },
                error: { [self] error in subscriber.sendError(error) },
                completed: { [self] in subscribeNextSignal() }
            )
        } while requests.wrappingSubtract(1, ordering: .acquiringAndReleasing).newValue != 0
    }
}
