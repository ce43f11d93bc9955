import Synchronization

/// `combineLatest` for any arity: `CombineLatestStateMachine` under a lock, and the calls out that its
/// transitions return. The combine function runs outside the lock on a snapshot of the values.
final class CombineLatestState<V, R, E>: Disposable, @unchecked Sendable {
    let subscriber: Subscriber<R, E>
    let combine: (V) -> R
    /// Guards `machine`.
    let stateLock = Lock()
    var machine: CombineLatestStateMachine<V>

    /// Runs `body` on `machine` with `stateLock` held (taken before `machine` is touched).
    func withMachine<Out>(_ body: (inout CombineLatestStateMachine<V>) -> Out) -> Out {
        stateLock.withLock { body(&machine) }
    }
    let inputs = DisposableSet()

    #if DEBUG
    private let liveObject = LiveObjects.Token()
    #endif

    init(subscriber: Subscriber<R, E>, count: Int, values: V, combine: @escaping (V) -> R) {
        self.subscriber = subscriber
        self.combine = combine
        self.machine = CombineLatestStateMachine(count: count, values: values)
    }

    /// Input `index` produced a value: `update` stores it into the values.
    func putNext(_ index: Int, _ update: (inout V) -> Void) {
        if let snapshot = withMachine({ $0.received(index, update) }) { subscriber.putNext(combine(snapshot)) }
    }

    /// Input `index` completed: the whole completes when all have, also if one never produced a value
    /// (SwiftSignalKit's `combineLatest` rule; see docs/decisions/completion-rules.md).
    func putCompletion(_ index: Int) {
        if withMachine({ $0.completed() }) { subscriber.putCompletion() }
    }

    /// Starts one input unless the whole has already terminated.
    func add(_ start: () -> Disposable) {
        if subscriber.isTerminated { return }
        inputs.add(start())
    }

    func dispose() { inputs.dispose() }
}
