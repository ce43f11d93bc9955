import EngineSupport

/// One subscription of `combineLatest(with:)`.
final class CombineLatestPairState<A, B>: JoinSubscription, @unchecked Sendable {
    struct State: JoinProgress {
        var first: A?
        var second: B?
        var firstDone = false
        var secondDone = false
        var finished = false
    }

    let subscriber: PassthroughSubscriber<(A, B)>
    let subscription = CompoundDisposable()
    /// Guards `State`; the combination is sent after unlocking.
    let lock = WordLock()
    var state = State()

    func withState<R>(_ body: (inout State) -> R) -> R { lock.withLock { body(&state) } }

    #if DEBUG
    private let liveObject = LiveObjects.Token()
    #endif

    init(subscriber: PassthroughSubscriber<(A, B)>) {
        self.subscriber = subscriber
    }

    func nextFirst(_ value: A) {
        let pair = withState { state -> (A, B)? in
            state.first = value
            guard !state.finished, let second = state.second else { return nil }
            return (value, second)
        }
        if let pair { subscriber.sendNext(pair) }
    }

    func nextSecond(_ value: B) {
        let pair = withState { state -> (A, B)? in
            state.second = value
            guard !state.finished, let first = state.first else { return nil }
            return (first, value)
        }
        if let pair { subscriber.sendNext(pair) }
    }

    func completedFirst() {
        let complete = withState { state -> Bool in
            state.firstDone = true
            return state.finish(when: state.secondDone)
        }
        if complete { finish { $0.sendCompleted() } }
    }

    func completedSecond() {
        let complete = withState { state -> Bool in
            state.secondDone = true
            return state.finish(when: state.firstDone)
        }
        if complete { finish { $0.sendCompleted() } }
    }

    func fail(_ error: any Error) {
        if withState({ $0.finishFirst() }) { finish { $0.sendError(error) } }
    }
}
