import Synchronization

/// The merging operators (`mergeSignals`, `mapToSignalMerging`, `asyncMap`): `MergeStateMachine` (the
/// running inner subscriptions, whether the outer source is done) and `MergeDrain` (a serialising drain,
/// so that inner signals emitting on different threads, asyncMap replies, still deliver one event at a
/// time), each under its lock, and the calls out that their transitions return.
final class MergeState<T, E>: Disposable, @unchecked Sendable {
    typealias Item = MergeDrain<T>.Item

    let subscriber: Subscriber<T, E>
    /// Guards `drain`: the queue of events and who delivers them. Never held while delivering.
    let drainLock = Lock()
    var drain = MergeDrain<T>()

    /// Runs `body` on `drain` with `drainLock` held (taken before `drain` is touched).
    func withDrain<Out>(_ body: (inout MergeDrain<T>) -> Out) -> Out { drainLock.withLock { body(&drain) } }
    /// Guards `machine`: the inner table and the completion bookkeeping.
    let stateLock = Lock()
    var machine = MergeStateMachine()

    /// Runs `body` on `machine` with `stateLock` held (taken before `machine` is touched).
    func withMachine<Out>(_ body: (inout MergeStateMachine) -> Out) -> Out { stateLock.withLock { body(&machine) } }
    /// The outer subscription, if any (set once after it is started).
    let outer = MetaDisposable()

    #if DEBUG
    private let liveObject = LiveObjects.Token()
    #endif

    init(subscriber: Subscriber<T, E>) {
        self.subscriber = subscriber
    }

    /// Starts an inner signal whose values go straight downstream.
    func startInner(_ signal: Signal<T, E>) {
        guard let id = withMachine({ $0.innerStarting() }) else { return }
        let subscriber = self.subscriber
        let disposable = signal.start(
            next: { self.forward(.next($0)) },
            error: { subscriber.putError($0) },
            completed: { self.innerCompleted(id) })
        if withMachine({ $0.innerStarted(id, disposable) }) { disposable.dispose() }
    }

    func innerCompleted(_ id: Int) {
        if withMachine({ $0.innerCompleted(id) }) { forward(.completed) }
    }

    func outerCompleted() {
        if withMachine({ $0.outerCompleted() }) { forward(.completed) }
    }

    /// Delivers `item` now if no other thread is delivering, then whatever was queued meanwhile;
    /// otherwise queues it for that thread. A value put re-entrantly during delivery (a feedback loop)
    /// is queued too, so delivery never recurses through the merge.
    func forward(_ item: Item) {
        if !withDrain({ $0.arrived(item) }) { return }
        var current = item
        while true {
            switch current {
            case .next(let value): subscriber.putNext(value)
            case .completed: subscriber.putCompletion()
            }
            guard let next = withDrain({ $0.delivered() }) else { return }
            current = next
        }
    }

    func dispose() {
        let inners = withMachine { $0.dispose() }
        outer.dispose()
        for case .running(let disposable) in inners.values { disposable.dispose() }
    }
}
