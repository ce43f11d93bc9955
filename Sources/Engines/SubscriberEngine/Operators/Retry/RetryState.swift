/// One subscription of `retry`: the retries left, on the loop `concat` shares (`ResubscriptionLoop`).
final class RetryState<Value>: ResubscriptionLoop<Value>, @unchecked Sendable {
    let source: RACSignal<Value>
    /// Retries left; touched only from the blocks of the one live attempt.
    private var retriesLeft: Int

    init(source: RACSignal<Value>, retries: Int, subscriber: PassthroughSubscriber<Value>) {
        self.source = source
        self.retriesLeft = retries
        super.init(subscriber: subscriber)
    }

    override func subscribeNext() -> Disposable? {
        source.subscribeNext(
            { [self] value in subscriber.sendNext(value) },
            error: { [self] error in attemptFailed(error) },
            completed: { [self] in subscriber.sendCompleted() }
        )
    }

    private func attemptFailed(_ error: any Error) {
        if retriesLeft == 0 {
            subscriber.sendError(error)
            return
        }
        retriesLeft -= 1
        request()
    }
}
