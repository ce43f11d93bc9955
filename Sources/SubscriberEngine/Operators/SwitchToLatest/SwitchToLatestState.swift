
/// One subscription of `switchToLatest`.
final class SwitchToLatestState<Inner>: @unchecked Sendable {
    /// Documented states of the switch:
    struct State {
        /// Bumped per inner signal; events of an older generation are ignored.
        var generation = 0
        /// The latest inner has not completed yet.
        var innerActive = false
        /// The outer signal has completed.
        var outerDone = false
        /// A terminal event has been sent.
        var finished = false
    }

    let subscriber: PassthroughSubscriber<Inner>
    let subscription = CompoundDisposable()
    /// The latest inner subscription.
    let inner = SerialDisposable()
    /// Guards `State`; never held while calling out.
    let lock = UnfairLock()
    var state = State()

    func withState<R>(_ body: (inout State) -> R) -> R { lock.withLock { body(&state) } }

    init(subscriber: PassthroughSubscriber<Inner>) {
        self.subscriber = subscriber
        subscription.add(inner)
        liveObjectCreated()
    }

    deinit { liveObjectDestroyed() }

    func switchTo(_ signal: Signal<Inner>) {
        let generation = withState { state -> Int in
            state.generation += 1
            state.innerActive = true
            return state.generation
        }
        // The previous inner ends before the new one starts.
        inner.swapIn(nil)?.dispose()
        let slot = SerialDisposable()
        inner.disposable = slot
        slot.disposable = signal.subscribeNext(
            { [self] value in
                if withState({ $0.generation == generation && !$0.finished }) { subscriber.sendNext(value) }
            },
            error: { [self] error in
                if withState({ $0.generation == generation }) { fail(error) }
            },
            completed: { [self] in innerCompleted(generation) }
        )
    }

    func innerCompleted(_ generation: Int) {
        let complete = withState { state -> Bool in
            guard state.generation == generation, !state.finished else { return false }
            state.innerActive = false
            if state.outerDone {
                state.finished = true
                return true
            }
            return false
        }
        if complete { finish { $0.sendCompleted() } }
    }

    func outerCompleted() {
        let complete = withState { state -> Bool in
            state.outerDone = true
            if !state.innerActive && !state.finished {
                state.finished = true
                return true
            }
            return false
        }
        if complete { finish { $0.sendCompleted() } }
    }

    func fail(_ error: any Error) {
        let first = withState { state -> Bool in
            defer { state.finished = true }
            return !state.finished
        }
        if first { finish { $0.sendError(error) } }
    }

    private func finish(_ send: (PassthroughSubscriber<Inner>) -> Void) {
        send(subscriber)
        subscription.dispose()
    }
}
