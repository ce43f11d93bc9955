/// State of `concatSignals`: which signal runs next, on the loop `restartIfError` shares (`StartLoop`), so that
/// signals completing synchronously are started one after another without growing the stack.
final class ConcatState<T, E>: StartLoop<T, E>, @unchecked Sendable {
    let signals: [Signal<T, E>]
    /// Index of the next signal to start; only the loop touches it, and the loop never runs twice at once.
    private var index = 0

    init(signals: [Signal<T, E>], subscriber: Subscriber<T, E>) {
        self.signals = signals
        super.init(subscriber: subscriber)
    }

    override func hasNext() -> Bool {
        if index < signals.count { return true }
        subscriber.putCompletion()
        return false
    }

    override func startNext() -> Disposable {
        let signal = signals[index]
        index += 1
        let subscriber = self.subscriber
        return signal.start(
            next: { subscriber.putNext($0) },
            error: { subscriber.putError($0) },
            completed: { self.ended() })
    }
}
