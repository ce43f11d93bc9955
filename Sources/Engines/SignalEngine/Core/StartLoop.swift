import Synchronization

/// The loop `concatSignals` and `restartIfError` share: it starts one signal after another, each once the one
/// before it ended (completed, for concat; failed, for restart), without growing the stack when a signal ends
/// inside its own `start`: SwiftSignalKit's `SignalQueueState.headCompleted` uses the same "left the function
/// yet?" handshake. A subclass says whether there is a next signal and starts it.
class StartLoop<T, E>: Disposable, @unchecked Sendable {
    /// Where the loop stands.
    enum Phase {
        /// The current signal's `start` is on the stack of `run()`.
        case starting
        /// The current signal ended inside its `start`: `run()` goes on with the next one.
        case endedWhileStarting
        /// The current signal runs asynchronously; its end calls `run()` afresh.
        case running
        case disposed
    }

    let subscriber: Subscriber<T, E>
    /// Guards `phase`.
    private let phaseLock = Lock()
    private var phase = Phase.running
    private let current = MetaDisposable()

    #if DEBUG
    private let liveObject = LiveObjects.Token()
    #endif

    init(subscriber: Subscriber<T, E>) {
        self.subscriber = subscriber
    }

    /// Runs `body` on `phase` with `phaseLock` held (taken before `phase` is touched). A subclass reads its own
    /// state under it where the loop's ordering must cover that state.
    final func withPhase<Out>(_ body: (inout Phase) -> Out) -> Out { phaseLock.withLock { body(&phase) } }

    /// Whether there is a next signal to start; a subclass with none ends the stream here and says false.
    func hasNext() -> Bool { true }

    /// Starts the next signal, whose end (the one that starts the signal after it) calls `ended()`.
    func startNext() -> Disposable {
        preconditionFailure("\(Self.self) says what its next start is")
    }

    /// Starts signals until one does not end synchronously, or there are none left.
    final func run() {
        while true {
            guard hasNext() else { return }
            let proceed = withPhase { phase -> Bool in
                if case .disposed = phase { return false }
                phase = .starting
                return true
            }
            if !proceed { return }
            current.set(startNext())
            let loop = withPhase { phase -> Bool in
                switch phase {
                case .endedWhileStarting:
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

    /// The current signal ended in the way that starts the next: inside its `start`, the loop goes on; after it,
    /// the loop runs again from here.
    final func ended() {
        let runNow = withPhase { phase -> Bool in
            switch phase {
            case .starting:
                phase = .endedWhileStarting
                return false
            case .running:
                return true
            case .endedWhileStarting, .disposed:
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
