import Synchronization

#if !SIGNAL_LOCKED
/// The lean `switchToLatest` and `mapToSignal` (the locked variants use the library's `SignalQueueState`):
/// `SwitchStateMachine` under a lock, and the calls out that its transitions return.
final class SwitchState<T, E>: Disposable, @unchecked Sendable {
    let subscriber: Subscriber<T, E>
    /// Guards `machine`.
    let stateLock = Lock()
    var machine = SwitchStateMachine()

    /// Runs `body` on `machine` with `stateLock` held (taken before `machine` is touched).
    func withMachine<Out>(_ body: (inout SwitchStateMachine) -> Out) -> Out { stateLock.withLock { body(&machine) } }
    let outer = MetaDisposable()

    #if DEBUG
    private let liveObject = LiveObjects.Token()
    #endif

    init(subscriber: Subscriber<T, E>) {
        self.subscriber = subscriber
    }

    /// A new inner signal: the previous one is disposed before the new one starts.
    func switchTo(_ signal: Signal<T, E>) {
        guard let begin = withMachine({ $0.switchTo() }) else { return }
        begin.previous?.dispose()
        let subscriber = self.subscriber
        let generation = begin.generation
        let disposable = signal.start(
            next: { subscriber.putNext($0) },
            error: { subscriber.putError($0) },
            completed: { self.innerCompleted(generation) })
        if withMachine({ $0.innerStarted(generation, disposable) }) { disposable.dispose() }
    }

    func innerCompleted(_ generation: Int) {
        if withMachine({ $0.innerCompleted(generation) }) { subscriber.putCompletion() }
    }

    func outerCompleted() {
        if withMachine({ $0.outerCompleted() }) { subscriber.putCompletion() }
    }

    func dispose() {
        let current = withMachine { $0.dispose() }
        outer.dispose()
        current?.dispose()
    }
}
#endif
