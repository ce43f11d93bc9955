import EngineSupport

/// One subscription of `switchToLatest`.
final class SwitchToLatestState<Inner>: @unchecked Sendable {
    /// The switch, as a state machine. Generations number the inner signals; events of an inner signal
    /// that is no longer the latest are ignored.
    enum State {
        /// The outer signal is running and no inner signal is (none yet, or the latest has completed).
        case idle(generation: Int)
        /// Inner signal `generation` is running; `outerDone` once the outer signal has completed.
        case active(generation: Int, outerDone: Bool)
        /// A terminal event has been sent (or is being sent).
        case finished
    }

    /// What to do after leaving the critical region.
    enum Action {
        case none
        case complete
        case fail(any Error)
    }

    let subscriber: PassthroughSubscriber<Inner>
    let subscription = CompoundDisposable()
    /// The latest inner subscription.
    let inner = SerialDisposable()
    /// Guards `state`; never held while calling out.
    let lock = WordLock()
    var state = State.idle(generation: 0)

    #if DEBUG
    private let liveObject = LiveObjects.Token()
    #endif

    init(subscriber: PassthroughSubscriber<Inner>) {
        self.subscriber = subscriber
        subscription.add(inner)
    }

    func switchTo(_ signal: RACSignal<Inner>) {
        let generation = lock.withLock { () -> Int? in
            switch state {
            case .idle(let previous), .active(let previous, _):
                state = .active(generation: previous + 1, outerDone: false)
                return previous + 1
            case .finished:
                return nil
            }
        }
        guard let generation else { return }
        // The previous inner ends before the new one starts.
        inner.swapIn(nil)?.dispose()
        let slot = SerialDisposable()
        inner.disposable = slot
        slot.disposable = signal.subscribeNext(
            { [self] value in
                if isLatest(generation) { subscriber.sendNext(value) }
            },
            error: { [self] error in
                if isLatest(generation) { fail(error) }
            },
            completed: { [self] in innerCompleted(generation) }
        )
    }

    func isLatest(_ generation: Int) -> Bool {
        lock.withLock {
            if case .active(generation, _) = state { return true }
            return false
        }
    }

    func innerCompleted(_ generation: Int) {
        perform(
            lock.withLock { () -> Action in
                guard case .active(generation, let outerDone) = state else { return .none }
                if outerDone {
                    state = .finished
                    return .complete
                }
                state = .idle(generation: generation)
                return .none
            })
    }

    func outerCompleted() {
        perform(
            lock.withLock { () -> Action in
                switch state {
                case .idle:
                    state = .finished
                    return .complete
                case .active(let generation, _):
                    state = .active(generation: generation, outerDone: true)
                    return .none
                case .finished:
                    return .none
                }
            })
    }

    func fail(_ error: any Error) {
        perform(
            lock.withLock { () -> Action in
                if case .finished = state { return .none }
                state = .finished
                return .fail(error)
            })
    }

    func perform(_ action: Action) {
        switch action {
        case .none:
            return
        case .complete:
            subscriber.sendCompleted()
        case .fail(let error):
            subscriber.sendError(error)
        }
        subscription.dispose()
    }
}
