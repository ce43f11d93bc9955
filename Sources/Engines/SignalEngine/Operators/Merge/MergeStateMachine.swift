/// What the merging operators know of their inner subscriptions, and its transitions: each is called with
/// `MergeState`'s state lock held and returns what to do once the lock is released (swift-async-algorithms'
/// shape), so that the rules read in one place and nothing here calls out. The phases are stored flags, as
/// `SwitchStateMachine`'s are (docs/decisions/state-machines.md).
struct MergeStateMachine {
    /// One inner subscription.
    enum Slot {
        /// `start` is running; the disposable is not known yet.
        case starting
        case running(Disposable)
    }

    /// Inner subscriptions that have not ended, by id.
    private var inners: [Int: Slot] = [:]
    private var nextId = 0
    /// The outer source (or the list of signals) has delivered everything it will deliver.
    private var outerDone = false
    /// `dispose()` ran: nothing new starts, late disposables are disposed at once.
    private var disposed = false
    /// Completion was put downstream (at most once).
    private var completed = false

    /// An inner is about to start: its id; nil once disposed (it is not started).
    mutating func innerStarting() -> Int? {
        if disposed { return nil }
        let id = nextId
        nextId += 1
        inners[id] = .starting
        return id
    }

    /// Inner `id` returned its disposable: true when it must be disposed at once (disposed while it
    /// started). Kept only while it runs: one that completed during `start` is done.
    mutating func innerStarted(_ id: Int, _ disposable: Disposable) -> Bool {
        if disposed { return true }
        if inners[id] != nil { inners[id] = .running(disposable) }
        return false
    }

    /// Inner `id` completed: true when that completes the result.
    mutating func innerCompleted(_ id: Int) -> Bool {
        inners[id] = nil
        return completesNow()
    }

    /// The outer source completed: true when that completes the result.
    mutating func outerCompleted() -> Bool {
        outerDone = true
        return completesNow()
    }

    /// Disposed: the inner subscriptions to dispose (none when disposed already).
    mutating func dispose() -> [Int: Slot] {
        if disposed { return [:] }
        disposed = true
        defer { inners = [:] }
        return inners
    }

    /// True once, when the outer and every inner are done.
    private mutating func completesNow() -> Bool {
        if completed || !outerDone || !inners.isEmpty { return false }
        completed = true
        return true
    }
}

/// The merging operators' events waiting for the thread that is delivering, and its transitions, called
/// with `MergeState`'s drain lock held.
struct MergeDrain<T> {
    enum Item {
        case next(T)
        case completed
    }

    private var pending: ContiguousArray<Item> = []
    private var head = 0
    /// A thread is delivering; others append to `pending` and return.
    private var draining = false

    /// `item` arrived: true when this thread delivers it (and then what queues meanwhile); false when it
    /// was queued for the thread that is delivering.
    mutating func arrived(_ item: Item) -> Bool {
        if draining {
            pending.append(item)
            return false
        }
        draining = true
        return true
    }

    /// The delivering thread delivered one item: the next queued one, or nil when none is left (the
    /// thread stops delivering).
    mutating func delivered() -> Item? {
        if head == pending.count {
            draining = false
            return nil
        }
        let item = pending[head]
        head += 1
        if head == pending.count {
            pending.removeAll(keepingCapacity: true)
            head = 0
        }
        return item
    }
}
