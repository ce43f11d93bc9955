import EngineSupport

/// One subscription of the N-input `zip`.
final class ZipState<Element>: JoinAllState, @unchecked Sendable {
    struct State: JoinProgress {
        var buffers: [[Element]]
        var done: [Bool]
        var finished = false

        var exhausted: Bool { buffers.indices.contains { done[$0] && buffers[$0].isEmpty } }
    }

    let subscriber: PassthroughSubscriber<[Element]>
    let subscription = CompoundDisposable()
    /// Guards `State`; events are sent after unlocking.
    let lock = WordLock()
    var state: State

    func withState<R>(_ body: (inout State) -> R) -> R { lock.withLock { body(&state) } }

    #if DEBUG
    private let liveObject = LiveObjects.Token()
    #endif

    init(count: Int, subscriber: PassthroughSubscriber<[Element]>) {
        self.subscriber = subscriber
        self.state = (
            State(buffers: Array(repeating: [], count: count), done: Array(repeating: false, count: count)))
    }

    func next(_ value: Element, at index: Int) {
        let (tuple, complete) = withState { state -> ([Element]?, Bool) in
            if state.finished { return (nil, false) }
            state.buffers[index].append(value)
            guard state.buffers.allSatisfy({ !$0.isEmpty }) else { return (nil, false) }
            let tuple = state.buffers.indices.map { state.buffers[$0].removeFirst() }
            let complete = state.exhausted
            if complete { state.finished = true }
            return (tuple, complete)
        }
        if let tuple { subscriber.sendNext(tuple) }
        if complete { finish { $0.sendCompleted() } }
    }

    func completed(at index: Int) {
        let complete = withState { state -> Bool in
            state.done[index] = true
            return state.finish(when: state.exhausted)
        }
        if complete { finish { $0.sendCompleted() } }
    }

    func fail(_ error: any Error) {
        if withState({ $0.finishFirst() }) { finish { $0.sendError(error) } }
    }
}
