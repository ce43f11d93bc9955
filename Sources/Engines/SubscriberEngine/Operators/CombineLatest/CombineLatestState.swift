import EngineSupport

/// One subscription of the N-input `combineLatest`.
final class CombineLatestState<Element>: JoinAllState, @unchecked Sendable {
    struct State: JoinProgress {
        var latest: [Element?]
        /// Inputs that have sent at least one value.
        var sent = 0
        /// Inputs that have completed.
        var done = 0
        var finished = false
    }

    let subscriber: PassthroughSubscriber<[Element]>
    let subscription = CompoundDisposable()
    let count: Int
    /// Guards `State`; the combination is sent after unlocking.
    let lock = WordLock()
    var state: State

    func withState<R>(_ body: (inout State) -> R) -> R { lock.withLock { body(&state) } }

    #if DEBUG
    private let liveObject = LiveObjects.Token()
    #endif

    init(count: Int, subscriber: PassthroughSubscriber<[Element]>) {
        self.count = count
        self.subscriber = subscriber
        self.state = State(latest: Array(repeating: nil, count: count))
    }

    func next(_ value: Element, at index: Int) {
        let combination = withState { state -> [Element]? in
            if state.latest[index] == nil { state.sent += 1 }
            state.latest[index] = value
            guard !state.finished, state.sent == count else { return nil }
            return state.latest.map { $0! }
        }
        if let combination { subscriber.sendNext(combination) }
    }

    func completed(at index: Int) {
        let complete = withState { state -> Bool in
            state.done += 1
            return state.finish(when: state.done == count)
        }
        if complete { finish { $0.sendCompleted() } }
    }

    func fail(_ error: any Error) {
        if withState({ $0.finishFirst() }) { finish { $0.sendError(error) } }
    }
}
