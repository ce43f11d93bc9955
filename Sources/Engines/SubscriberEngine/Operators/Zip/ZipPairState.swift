import EngineSupport

/// One subscription of `zip(with:)`.
final class ZipPairState<A, B>: JoinSubscription, @unchecked Sendable {
    struct State: JoinProgress {
        var first: [A] = []
        var second: [B] = []
        var firstDone = false
        var secondDone = false
        var finished = false

        /// A side has completed and has nothing left to pair.
        var exhausted: Bool { (firstDone && first.isEmpty) || (secondDone && second.isEmpty) }
    }

    /// What to do after leaving the critical region.
    enum Action {
        case none
        case send((A, B), thenComplete: Bool)
        case complete
    }

    let subscriber: PassthroughSubscriber<(A, B)>
    let subscription = CompoundDisposable()
    /// Guards `State`; actions are carried out after unlocking.
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
        perform(withState { state -> Action in
            if state.finished { return .none }
            state.first.append(value)
            return Self.pair(&state)
        })
    }

    func nextSecond(_ value: B) {
        perform(withState { state -> Action in
            if state.finished { return .none }
            state.second.append(value)
            return Self.pair(&state)
        })
    }

    static func pair(_ state: inout State) -> Action {
        guard !state.first.isEmpty, !state.second.isEmpty else { return .none }
        let pair = (state.first.removeFirst(), state.second.removeFirst())
        let complete = state.exhausted
        if complete { state.finished = true }
        return .send(pair, thenComplete: complete)
    }

    func completedFirst() {
        perform(withState { state -> Action in
            state.firstDone = true
            return state.finish(when: state.exhausted) ? .complete : .none
        })
    }

    func completedSecond() {
        perform(withState { state -> Action in
            state.secondDone = true
            return state.finish(when: state.exhausted) ? .complete : .none
        })
    }

    func fail(_ error: any Error) {
        if withState({ $0.finishFirst() }) { finish { $0.sendError(error) } }
    }

    func perform(_ action: Action) {
        switch action {
        case .none:
            break
        case .send(let pair, let thenComplete):
            subscriber.sendNext(pair)
            if thenComplete { finish { $0.sendCompleted() } }
        case .complete:
            finish { $0.sendCompleted() }
        }
    }
}
