import Synchronization

/// RACCompoundDisposable: disposes everything added to it, and anything added after it was disposed.
///
/// The first two children live in inline slots and only further ones go to an array, as RAC keeps two
/// inline before its CFArray: a subscription usually holds one or two children, so adding and removing
/// (which the bind-derived operators do for every value) allocates nothing.
public final class CompoundDisposable: Disposable, @unchecked Sendable {
    private struct Children {
        var first: Disposable?
        var second: Disposable?
        var more: [Disposable] = []
    }

    /// Guards the children; `disposedFlag` is set inside it so that `add` never races `dispose`.
    private let children = Mutex<Children>(Children())

    public override init() { super.init() }

    public init(_ disposables: [Disposable]) {
        super.init()
        for disposable in disposables { add(disposable) }
    }

    /// Adds `disposable`; disposes it at once if this one is already disposed. `nil` is ignored (RAC
    /// subscriptions may return no disposable).
    public func add(_ disposable: Disposable?) {
        guard let disposable else { return }
        let accepted = children.withLock { children -> Bool in
            if disposedFlag.load(ordering: .relaxed) { return false }
            if children.first == nil {
                children.first = disposable
            } else if children.second == nil {
                children.second = disposable
            } else {
                children.more.append(disposable)
            }
            return true
        }
        if !accepted { disposable.dispose() }
    }

    /// Forgets `disposable` without disposing it (a finished inner subscription).
    public func remove(_ disposable: Disposable) {
        // The removed child is released after unlocking: its deinit may run arbitrary code.
        let removed = children.withLock { children -> Disposable? in
            if children.first === disposable {
                defer { children.first = nil }
                return children.first
            }
            if children.second === disposable {
                defer { children.second = nil }
                return children.second
            }
            if let index = children.more.firstIndex(where: { $0 === disposable }) {
                return children.more.remove(at: index)
            }
            return nil
        }
        _ = removed
    }

    public override func dispose() {
        let taken = children.withLock { children -> Children? in
            if disposedFlag.load(ordering: .relaxed) { return nil }
            disposedFlag.store(true, ordering: .releasing)
            defer { children = Children() }
            return children
        }
        guard let taken else { return }
        taken.first?.dispose()
        taken.second?.dispose()
        for child in taken.more { child.dispose() }
    }
}
