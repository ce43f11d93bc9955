import Synchronization

/// State of `concatSignals`: which signal runs, and the loop that starts the next one without growing
/// the stack when signals complete synchronously (SwiftSignalKit's `SignalQueueState.headCompleted`
/// uses the same "left the function yet?" handshake).
final class ConcatState<T, E>: Disposable, @unchecked Sendable {
    /// Where the loop stands.
    enum Phase {
        /// `start` of the current signal is on the stack of `run()`.
        case starting
        /// The current signal completed inside its `start`: `run()` goes on with the next one.
        case completedWhileStarting
        /// The current signal runs asynchronously; its completion calls `run()` afresh.
        case running
        case disposed
    }

    let signals: [Signal<T, E>]
    let subscriber: Subscriber<T, E>
    /// Index of the next signal to start; only `run()` touches it, and `run()` never runs twice at once.
    var index = 0
    /// Guards `phase`.
    let phaseLock = Lock()
    var phase = Phase.running

    /// Runs `body` on `phase` with `phaseLock` held (taken before `phase` is touched).
    func withPhase<Out>(_ body: (inout Phase) -> Out) -> Out { phaseLock.withLock { body(&phase) } }
    let current = MetaDisposable()

    #if DEBUG
    private let liveObject = LiveObjects.Token()
    #endif

    init(signals: [Signal<T, E>], subscriber: Subscriber<T, E>) {
        self.signals = signals
        self.subscriber = subscriber
    }

    /// Starts signals in order until one does not complete synchronously, or all have completed.
    func run() {
        while true {
            if index == signals.count {
                subscriber.putCompletion()
                return
            }
            let proceed = withPhase { phase -> Bool in
                if case .disposed = phase { return false }
                phase = .starting
                return true
            }
            if !proceed { return }
            let signal = signals[index]
            index += 1
            let subscriber = self.subscriber
            current.set(signal.start(
                next: { subscriber.putNext($0) },
                error: { subscriber.putError($0) },
                completed: { self.headCompleted() }))
            let loop = withPhase { phase -> Bool in
                switch phase {
                case .completedWhileStarting:
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

    func headCompleted() {
        let runNow = withPhase { phase -> Bool in
            switch phase {
            case .starting:
                phase = .completedWhileStarting
                return false
            case .running:
                return true
            case .completedWhileStarting, .disposed:
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
