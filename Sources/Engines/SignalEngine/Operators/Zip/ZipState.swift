import Synchronization

/// State of `zipSignals` for any arity: per-input buffers `V`, a `pop` that takes one value from every
/// buffer when all have one, and which inputs have completed. Completes when an input has completed
/// and its buffer is empty (no further tuple can ever form).
final class ZipState<V, A, R, E>: Disposable, @unchecked Sendable {
    struct State {
        var buffers: V
        var completed: ContiguousArray<Bool>
        /// Completion was decided (at most once).
        var done = false
    }

    let subscriber: Subscriber<R, E>
    let pop: (inout V) -> A?
    let isEmpty: (V, Int) -> Bool
    let combine: (A) -> R
    /// Guards `State`.
    let stateLock = Lock()
    var state: State

    /// Runs `body` on `state` with `stateLock` held (taken before `state` is touched).
    func withState<Out>(_ body: (inout State) -> Out) -> Out { stateLock.withLock { body(&state) } }
    let inputs = DisposableSet()

    #if DEBUG
    private let liveObject = LiveObjects.Token()
    #endif

    init(
        subscriber: Subscriber<R, E>, count: Int, buffers: V,
        pop: @escaping (inout V) -> A?, isEmpty: @escaping (V, Int) -> Bool, combine: @escaping (A) -> R
    ) {
        self.subscriber = subscriber
        self.pop = pop
        self.isEmpty = isEmpty
        self.combine = combine
        self.state = State(buffers: buffers, completed: ContiguousArray(repeating: false, count: count))
    }

    func putNext(_ append: (inout V) -> Void) {
        let (tuple, complete) = withState { state -> (A?, Bool) in
            if state.done { return (nil, false) }
            append(&state.buffers)
            let tuple = pop(&state.buffers)
            let complete = state.exhausted(isEmpty)
            return (tuple, complete)
        }
        if let tuple { subscriber.putNext(combine(tuple)) }
        if complete { subscriber.putCompletion() }
    }

    func putCompletion(_ index: Int) {
        let complete = withState { state -> Bool in
            if state.done { return false }
            state.completed[index] = true
            return state.exhausted(isEmpty)
        }
        if complete { subscriber.putCompletion() }
    }

    func add(_ start: () -> Disposable) {
        if subscriber.isTerminated { return }
        inputs.add(start())
    }

    func dispose() { inputs.dispose() }
}

extension ZipState.State {
    /// Marks done when a completed input has an empty buffer.
    mutating func exhausted(_ isEmpty: (V, Int) -> Bool) -> Bool {
        for index in completed.indices where completed[index] && isEmpty(buffers, index) {
            done = true
            return true
        }
        return false
    }
}
