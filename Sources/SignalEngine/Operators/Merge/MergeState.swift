import Synchronization

/// Shared state of the merging operators (`mergeSignals`, `mapToSignalMerging`, `asyncMap`):
/// the running inner subscriptions and whether the outer source is done.
@usableFromInline
final class MergeState<T, E>: Disposable, @unchecked Sendable {
    /// One inner subscription.
    @usableFromInline enum Slot {
        /// `start` is running; the disposable is not known yet.
        case starting
        case running(Disposable)
    }

    @usableFromInline struct State {
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

    @usableFromInline let subscriber: Subscriber<T, E>
    /// Guards `State`: the inner table and the completion bookkeeping.
    @usableFromInline let state = Mutex(State())
    /// The outer subscription, if any (set once after it is started).
    @usableFromInline let outer = MetaDisposable()

    @usableFromInline init(subscriber: Subscriber<T, E>) {
        self.subscriber = subscriber
        #if DEBUG
        LiveObjects.created()
        #endif
    }

    deinit {
        #if DEBUG
        LiveObjects.destroyed()
        #endif
    }

    /// Starts an inner signal whose values go straight downstream.
    @usableFromInline
    func startInner(_ signal: Signal<T, E>) {
        let id = state.withLock { state -> Int? in
            if state.disposed { return nil }
            let id = state.nextId
            state.nextId += 1
            state.inners[id] = .starting
            return id
        }
        guard let id else { return }
        let subscriber = self.subscriber
        let disposable = signal.start(
            next: { subscriber.putNext($0) },
            error: { subscriber.putError($0) },
            completed: { self.innerCompleted(id) })
        let disposeNow = state.withLock { state -> Bool in
            if state.disposed { return true }
            if state.inners[id] != nil { state.inners[id] = .running(disposable) }
            return false
        }
        if disposeNow { disposable.dispose() }
    }

    @usableFromInline
    func innerCompleted(_ id: Int) {
        let complete = state.withLock { state -> Bool in
            state.inners[id] = nil
            return state.shouldComplete()
        }
        if complete { subscriber.putCompletion() }
    }

    @usableFromInline
    func outerCompleted() {
        let complete = state.withLock { state -> Bool in
            state.outerDone = true
            return state.shouldComplete()
        }
        if complete { subscriber.putCompletion() }
    }

    @usableFromInline
    func dispose() {
        let inners = state.withLock { state -> [Int: Slot] in
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
    @usableFromInline
    mutating func shouldComplete() -> Bool {
        if completed || !outerDone || !inners.isEmpty { return false }
        completed = true
        return true
    }
}
