import EngineSupport

/// RACCompoundDisposable: disposes everything added to it, and anything added after it was disposed.
///
/// The first two children live in inline slots and only further ones go to an array, as RAC keeps two
/// inline before its CFArray: a subscription usually holds one or two children, so adding and removing
/// (which the bind-derived operators do for every value) allocates nothing.
public final class CompoundDisposable: Disposable, @unchecked Sendable {
    /// Guards `first`, `second` and `more`; `disposedFlag` is set inside it so that `add` never races
    /// `dispose`. Never held while calling out: children are disposed and released after unlocking.
    let lock = WordLock()
    var first: Disposable?
    var second: Disposable?
    var more: [Disposable] = []

    public override init() { super.init() }

    #if SUBSCRIBER_LOCKED
    /// `subscriber-locked-dependency`: RACCompoundDisposable reads `disposed` under its mutex
    /// (RACCompoundDisposable.m:63-69), and every passthrough subscriber and bind stage checks it per event
    /// (RACPassthroughSubscriber.m:71, RACSignal.m:150). The lean engine's check is an atomic load. The lock
    /// is this engine's one-word lock, not RAC's `pthread_mutex_t`: uncontended, each is one atomic
    /// read-modify-write to take and a store to release.
    public override var isDisposed: Bool {
        lock.withLock { disposedFlag.load(ordering: .relaxed) }
    }
    #endif

    public init(_ disposables: [Disposable]) {
        super.init()
        for disposable in disposables { add(disposable) }
    }

    /// Adds `disposable`; disposes it at once if this one is already disposed. `nil` is ignored (RAC
    /// subscriptions may return no disposable).
    public func add(_ disposable: Disposable?) {
        guard let disposable else { return }
        let accepted = lock.withLock { () -> Bool in
            if disposedFlag.load(ordering: .relaxed) { return false }
            if first == nil {
                first = disposable
            } else if second == nil {
                second = disposable
            } else {
                more.append(disposable)
            }
            return true
        }
        if !accepted { disposable.dispose() }
    }

    /// Forgets `disposable` without disposing it (a finished inner subscription).
    public func remove(_ disposable: Disposable) {
        // The removed child is released after unlocking: its deinit may run arbitrary code.
        let removed = lock.withLock { () -> Disposable? in
            if first === disposable { return first.take() }
            if second === disposable { return second.take() }
            if let index = more.firstIndex(where: { $0 === disposable }) { return more.remove(at: index) }
            return nil
        }
        _ = removed
    }

    public override func dispose() {
        var taken: (Disposable?, Disposable?, [Disposable])?
        lock.withLock {
            if disposedFlag.load(ordering: .relaxed) { return }
            disposedFlag.store(true, ordering: .releasing)
            taken = (first.take(), second.take(), more)
            if !more.isEmpty { more = [] }
        }
        guard let (first, second, more) = taken else { return }
        first?.dispose()
        second?.dispose()
        for child in more { child.dispose() }
    }
}
