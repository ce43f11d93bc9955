import EngineSupport

/// One subscription of the N-input `combineLatest`.
final class CombineLatestState<Element>: @unchecked Sendable {
    struct State {
        var latest: [Element?]
        /// Inputs that have sent at least one value.
        var sent = 0
        /// Inputs that have completed.
        var done = 0
        /// A terminal event has been sent.
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
            guard !state.finished, state.done == count else { return false }
            state.finished = true
            return true
        }
        if complete {
            subscriber.sendCompleted()
            subscription.dispose()
        }
    }

    func fail(_ error: any Error) {
        let first = withState { state -> Bool in
            defer { state.finished = true }
            return !state.finished
        }
        if first {
            subscriber.sendError(error)
            subscription.dispose()
        }
    }
}
