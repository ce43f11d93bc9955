/// State of `restartIfError(attempts:)`: the subscriptions made so far, on the loop `concatSignals` shares
/// (`StartLoop`), so that a signal failing synchronously is restarted without growing the stack.
final class RestartState<T, E>: StartLoop<T, E>, @unchecked Sendable {
    let signal: Signal<T, E>
    let attempts: Int
    /// Subscriptions made so far; only `startNext()` writes it, and the loop never runs it twice at once.
    private var made = 0

    init(signal: Signal<T, E>, attempts: Int, subscriber: Subscriber<T, E>) {
        self.signal = signal
        self.attempts = attempts
        super.init(subscriber: subscriber)
    }

    override func startNext() -> Disposable {
        made += 1
        let subscriber = self.subscriber
        return signal.start(
            next: { subscriber.putNext($0) },
            error: { self.failed($0) },
            completed: { subscriber.putCompletion() })
    }

    private func failed(_ error: E) {
        // `made` was written by the start of this subscription, before `start` returned or (asynchronous case)
        // before the phase lock was released; the lock orders it before this read.
        let exhausted = withPhase { _ in made >= attempts }
        if exhausted {
            subscriber.putError(error)
        } else {
            ended()
        }
    }
}
