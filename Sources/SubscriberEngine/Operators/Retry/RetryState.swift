import Synchronization

/// One subscription of `retry`; the same request-counting loop as `ConcatState`.
final class RetryState<Value>: @unchecked Sendable {
    let source: RACSignal<Value>
    let subscriber: PassthroughSubscriber<Value>
    let current = SerialDisposable()
    /// Pending resubscription requests; whoever takes it from 0 to 1 runs the loop.
    let requests = Atomic<Int>(0)
    /// Retries left; touched only from the blocks of the one live attempt.
    var retriesLeft: Int

    #if DEBUG
    private let liveObject = LiveObjects.Token()
    #endif

    init(source: RACSignal<Value>, retries: Int, subscriber: PassthroughSubscriber<Value>) {
        self.source = source
        self.subscriber = subscriber
        self.retriesLeft = retries
    }

    func resubscribe() {
        if requests.wrappingAdd(1, ordering: .acquiringAndReleasing).oldValue != 0 { return }
        repeat {
            if current.isDisposed { return }
            let slot = SerialDisposable()
            current.disposable = slot
            slot.disposable = source.subscribeNext(
                { [self] value in subscriber.sendNext(value) },
                error: { [self] error in attemptFailed(error) },
                completed: { [self] in subscriber.sendCompleted() }
            )
        } while requests.wrappingSubtract(1, ordering: .acquiringAndReleasing).newValue != 0
    }

    func attemptFailed(_ error: any Error) {
        if retriesLeft == 0 {
            subscriber.sendError(error)
            return
        }
        retriesLeft -= 1
        resubscribe()
    }
}
