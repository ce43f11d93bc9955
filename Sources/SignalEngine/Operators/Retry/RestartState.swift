import Synchronization

/// State of `restartIfError(attempts:)`: the subscription count and the same loop as `ConcatState`,
/// so that a signal failing synchronously is restarted without growing the stack.
final class RestartState<T, E>: Disposable, @unchecked Sendable {
    /// Where the loop stands.
    enum Phase {
        /// `start` is on the stack of `run()`.
        case starting
        /// The signal failed inside its `start`: `run()` restarts it.
        case failedWhileStarting
        /// The signal runs asynchronously; its error calls `run()` afresh.
        case running
        case disposed
    }

    let signal: Signal<T, E>
    let subscriber: Subscriber<T, E>
    let attempts: Int
    /// Subscriptions made so far; only `run()` writes it, and `run()` never runs twice at once.
    var made = 0
    /// Guards `phase`.
    let phaseLock = Lock()
    var phase = Phase.running

    /// Runs `body` on `phase` with `phaseLock` held (taken before `phase` is touched).
    func withPhase<Out>(_ body: (inout Phase) -> Out) -> Out { phaseLock.withLock { body(&phase) } }
    let current = MetaDisposable()

    #if DEBUG
    private let liveObject = LiveObjects.Token()
    #endif

    init(signal: Signal<T, E>, attempts: Int, subscriber: Subscriber<T, E>) {
        self.signal = signal
        self.attempts = attempts
        self.subscriber = subscriber
    }

    func run() {
        while true {
            let proceed = withPhase { phase -> Bool in
                if case .disposed = phase { return false }
                phase = .starting
                return true
            }
            if !proceed { return }
            made += 1
            let subscriber = self.subscriber
            current.set(signal.start(
                next: { subscriber.putNext($0) },
                error: { self.failed($0) },
                completed: { subscriber.putCompletion() }))
            let loop = withPhase { phase -> Bool in
                switch phase {
                case .failedWhileStarting:
                    return true
                case .starting:
                    phase = .running
                    return false
                case .running, .disposed:
                    return false
                }
            }
            if !loop { return }
        }
    }

    func failed(_ error: E) {
        // `made` was written by the run() that started this subscription, before `start` returned or
        // (asynchronous case) before the phase lock was released; the lock orders it before this read.
        let exhausted = withPhase { _ in made >= attempts }
        if exhausted {
            subscriber.putError(error)
            return
        }
        let runNow = withPhase { phase -> Bool in
            switch phase {
            case .starting:
                phase = .failedWhileStarting
                return false
            case .running:
                return true
            case .failedWhileStarting, .disposed:
                return false
            }
        }
        if runNow { run() }
    }

    func dispose() {
        withPhase { $0 = .disposed }
        current.dispose()
    }
}
