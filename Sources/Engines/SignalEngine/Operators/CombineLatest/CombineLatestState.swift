import Synchronization

/// State of `combineLatest` for any arity: the latest values `V` (a tuple of optionals, or an array),
/// which inputs have produced one and which have completed. The combine function runs outside the lock
/// on a snapshot of the values.
final class CombineLatestState<V, R, E>: Disposable, @unchecked Sendable {
    struct State {
        var values: V
        var hasValue: ContiguousArray<Bool>
        var withValue = 0
        var completedCount = 0
        /// Completion was decided (at most once).
        var done = false
    }

    let subscriber: Subscriber<R, E>
    let count: Int
    let combine: (V) -> R
    /// Guards `State`.
    let stateLock = Lock()
    var state: State

    /// Runs `body` on `state` with `stateLock` held (taken before `state` is touched).
    func withState<Out>(_ body: (inout State) -> Out) -> Out { stateLock.withLock { body(&state) } }
    let inputs = DisposableSet()

    #if DEBUG
    private let liveObject = LiveObjects.Token()
    #endif

    init(subscriber: Subscriber<R, E>, count: Int, values: V, combine: @escaping (V) -> R) {
        self.subscriber = subscriber
        self.count = count
        self.combine = combine
        self.state = State(values: values, hasValue: ContiguousArray(repeating: false, count: count))
    }

    /// Input `index` produced a value: `update` stores it into the values.
    func putNext(_ index: Int, _ update: (inout V) -> Void) {
        let count = self.count
        let snapshot = withState { state -> V? in
            update(&state.values)
            if !state.hasValue[index] {
                state.hasValue[index] = true
                state.withValue += 1
            }
            return state.withValue == count ? state.values : nil
        }
        if let snapshot { subscriber.putNext(combine(snapshot)) }
    }

    /// Input `index` completed: the whole completes when all have, also if one never produced a value
    /// (SwiftSignalKit's `combineLatest` rule; see docs/decisions/completion-rules.md).
    func putCompletion(_ index: Int) {
        let count = self.count
        let complete = withState { state -> Bool in
            if state.done { return false }
            state.completedCount += 1
            if state.completedCount == count {
                state.done = true
                return true
            }
            return false
        }
        if complete { subscriber.putCompletion() }
    }

    /// Starts one input unless the whole has already terminated.
    func add(_ start: () -> Disposable) {
        if subscriber.isTerminated { return }
        inputs.add(start())
    }

    func dispose() { inputs.dispose() }
}
