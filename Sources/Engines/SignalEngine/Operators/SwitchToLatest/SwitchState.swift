import Synchronization

#if !SIGNAL_LOCKED
/// State of the lean `switchToLatest` and `mapToSignal` (the locked variants use the library's
/// `SignalQueueState`): the one current inner subscription, identified by a generation number so
/// that a late completion of a replaced inner is ignored.
final class SwitchState<T, E>: Disposable, @unchecked Sendable {
    struct State {
        /// Generation of the current inner signal.
        var generation = 0
        /// The current inner signal has started and not completed.
        var innerRunning = false
        /// Its disposable, once `start` returned.
        var current: Disposable?
        var outerDone = false
        var disposed = false
    }

    let subscriber: Subscriber<T, E>
    /// Guards `State`.
    let stateLock = Lock()
    var state = State()

    /// Runs `body` on `state` with `stateLock` held (taken before `state` is touched).
    func withState<Out>(_ body: (inout State) -> Out) -> Out { stateLock.withLock { body(&state) } }
    let outer = MetaDisposable()

    #if DEBUG
    private let liveObject = LiveObjects.Token()
    #endif

    init(subscriber: Subscriber<T, E>) {
        self.subscriber = subscriber
    }

    /// A new inner signal: the previous one is disposed before the new one starts.
    func switchTo(_ signal: Signal<T, E>) {
        let begin = withState { state -> (generation: Int, previous: Disposable?)? in
            if state.disposed { return nil }
            state.generation += 1
            state.innerRunning = true
            let previous = state.current
            state.current = nil
            return (state.generation, previous)
        }
        guard let begin else { return }
        begin.previous?.dispose()
        let subscriber = self.subscriber
        let generation = begin.generation
        let disposable = signal.start(
            next: { subscriber.putNext($0) },
            error: { subscriber.putError($0) },
            completed: { self.innerCompleted(generation) })
        let disposeNow = withState { state -> Bool in
            if state.disposed || state.generation != generation { return true }
            if state.innerRunning { state.current = disposable }
            return false
        }
        if disposeNow { disposable.dispose() }
    }

    func innerCompleted(_ generation: Int) {
        let complete = withState { state -> Bool in
            guard state.generation == generation, state.innerRunning else { return false }
            state.innerRunning = false
            state.current = nil
            return state.outerDone && !state.disposed
        }
        if complete { subscriber.putCompletion() }
    }

    func outerCompleted() {
        let complete = withState { state -> Bool in
            state.outerDone = true
            return !state.innerRunning && !state.disposed
        }
        if complete { subscriber.putCompletion() }
    }

    func dispose() {
        let current = withState { state -> Disposable? in
            if state.disposed { return nil }
            state.disposed = true
            let current = state.current
            state.current = nil
            return current
        }
        outer.dispose()
        current?.dispose()
    }
}
#endif
