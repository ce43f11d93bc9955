import Synchronization

/// Shared state of the merging operators (`mergeSignals`, `mapToSignalMerging`, `asyncMap`):
/// the running inner subscriptions, whether the outer source is done, and a serialising drain, so that
/// inner signals emitting on different threads (asyncMap replies) still deliver one event at a time.
final class MergeState<T, E>: Disposable, @unchecked Sendable {
    /// One inner subscription.
    enum Slot {
        /// `start` is running; the disposable is not known yet.
        case starting
        case running(Disposable)
    }

    struct State {
        /// Inner subscriptions that have not ended, by id.
        var inners: [Int: Slot] = [:]
        var nextId = 0
        /// The outer source (or the list of signals) has delivered everything it will deliver.
        var outerDone = false
        /// `dispose()` ran: nothing new starts, late disposables are disposed at once.
        var disposed = false
        /// Completion was put downstream (at most once).
        var completed = false
    }

    /// Events waiting for the thread that is delivering (the drain).
    enum Item {
        case next(T)
        case completed
    }

    struct Drain {
        var pending: ContiguousArray<Item> = []
        var head = 0
        /// A thread is delivering; others append to `pending` and return.
        var draining = false
        init() {}
    }

    let subscriber: Subscriber<T, E>
    /// Guards `Drain`: the queue of events and who delivers them. Never held while delivering.
    let drainLock = Lock()
    var drain = Drain()

    /// Runs `body` on `drain` with `drainLock` held (taken before `drain` is touched).
    func withDrain<Out>(_ body: (inout Drain) -> Out) -> Out { drainLock.withLock { body(&drain) } }
    /// Guards `State`: the inner table and the completion bookkeeping.
    let stateLock = Lock()
    var state = State()

    /// Runs `body` on `state` with `stateLock` held (taken before `state` is touched).
    func withState<Out>(_ body: (inout State) -> Out) -> Out { stateLock.withLock { body(&state) } }
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
        let id = withState { state -> Int? in
            if state.disposed { return nil }
            let id = state.nextId
            state.nextId += 1
            state.inners[id] = .starting
            return id
        }
        guard let id else { return }
        let subscriber = self.subscriber
        let disposable = signal.start(
            next: { self.forward(.next($0)) },
            error: { subscriber.putError($0) },
            completed: { self.innerCompleted(id) })
        let disposeNow = withState { state -> Bool in
            if state.disposed { return true }
            if state.inners[id] != nil { state.inners[id] = .running(disposable) }
            return false
        }
        if disposeNow { disposable.dispose() }
    }

    func innerCompleted(_ id: Int) {
        let complete = withState { state -> Bool in
            state.inners[id] = nil
            return state.shouldComplete()
        }
        if complete { forward(.completed) }
    }

    func outerCompleted() {
        let complete = withState { state -> Bool in
            state.outerDone = true
            return state.shouldComplete()
        }
        if complete { forward(.completed) }
    }

    /// Delivers `item` now if no other thread is delivering, then whatever was queued meanwhile;
    /// otherwise queues it for that thread. A value put re-entrantly during delivery (a feedback loop)
    /// is queued too, so delivery never recurses through the merge.
    func forward(_ item: Item) {
        let deliverNow = withDrain { drain -> Bool in
            if drain.draining {
                drain.pending.append(item)
                return false
            }
            drain.draining = true
            return true
        }
        if !deliverNow { return }
        var current = item
        while true {
            switch current {
            case .next(let value): subscriber.putNext(value)
            case .completed: subscriber.putCompletion()
            }
            let next = withDrain { drain -> Item? in
                if drain.head == drain.pending.count {
                    drain.draining = false
                    return nil
                }
                let item = drain.pending[drain.head]
                drain.head += 1
                if drain.head == drain.pending.count {
                    drain.pending.removeAll(keepingCapacity: true)
                    drain.head = 0
                }
                return item
            }
            guard let next else { return }
            current = next
        }
    }

    func dispose() {
        let inners = withState { state -> [Int: Slot] in
            if state.disposed { return [:] }
            state.disposed = true
            let inners = state.inners
            state.inners = [:]
            return inners
        }
        outer.dispose()
        for case .running(let disposable) in inners.values { disposable.dispose() }
    }
}

extension MergeState.State {
    mutating func shouldComplete() -> Bool {
        if completed || !outerDone || !inners.isEmpty { return false }
        completed = true
        return true
    }
}
