import Synchronization

/// `zipSignals` for any arity: `ZipStateMachine` under a lock, and the calls out that its transitions return.
final class ZipState<V, A, R, E>: Disposable, @unchecked Sendable {
    let subscriber: Subscriber<R, E>
    let combine: (A) -> R
    /// Guards `machine`.
    let stateLock = Lock()
    var machine: ZipStateMachine<V, A>

    /// Runs `body` on `machine` with `stateLock` held (taken before `machine` is touched).
    func withMachine<Out>(_ body: (inout ZipStateMachine<V, A>) -> Out) -> Out { stateLock.withLock { body(&machine) } }
    let inputs = DisposableSet()

    #if DEBUG
    private let liveObject = LiveObjects.Token()
    #endif

    init(
        subscriber: Subscriber<R, E>, count: Int, buffers: V,
        pop: @escaping (inout V) -> A?, isEmpty: @escaping (V, Int) -> Bool, combine: @escaping (A) -> R
    ) {
        self.subscriber = subscriber
        self.combine = combine
        self.machine = ZipStateMachine(count: count, buffers: buffers, pop: pop, isEmpty: isEmpty)
    }

    func putNext(_ append: (inout V) -> Void) {
        let (tuple, complete) = withMachine { $0.received(append) }
        if let tuple { subscriber.putNext(combine(tuple)) }
        if complete { subscriber.putCompletion() }
    }

    func putCompletion(_ index: Int) {
        if withMachine({ $0.completed(index) }) { subscriber.putCompletion() }
    }

    func add(_ start: () -> Disposable) {
        if subscriber.isTerminated { return }
        inputs.add(start())
    }

    func dispose() { inputs.dispose() }
}
