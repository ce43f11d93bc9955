import EngineSupport

/// One subscription of the N-input `zip`.
final class ZipState<Element>: @unchecked Sendable {
    struct State {
        var buffers: [[Element]]
        var done: [Bool]
        /// A terminal event has been sent.
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
        if complete {
            subscriber.sendCompleted()
            subscription.dispose()
        }
    }

    func completed(at index: Int) {
        let complete = withState { state -> Bool in
            state.done[index] = true
            guard !state.finished, state.exhausted else { return false }
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
