/// One subscription of `concat`: which signal comes next, on the loop `retry` shares (`ResubscriptionLoop`).
/// Completion of a signal asks for the next one.
final class ConcatState<Value>: ResubscriptionLoop<Value>, @unchecked Sendable {
    let signals: [RACSignal<Value>]
    /// Touched only by the loop runner (the loop's request count hands it from one runner to the next).
    private var index = 0

    init(signals: [RACSignal<Value>], subscriber: PassthroughSubscriber<Value>) {
        self.signals = signals
        super.init(subscriber: subscriber)
    }

    override func hasNext() -> Bool {
        if index < signals.count { return true }
        subscriber.sendCompleted()
        return false
    }

    override func subscribeNext() -> Disposable? {
        let signal = signals[index]
        index += 1
        return signal.subscribeNext(
            { [self] value in subscriber.sendNext(value) },
            error: { [self] error in subscriber.sendError(error) },
            completed: { [self] in request() }
        )
    }
}
