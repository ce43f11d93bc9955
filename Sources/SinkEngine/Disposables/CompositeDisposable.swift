import Synchronization

/// A set of disposables disposed together. After `dispose()`, an inserted disposable is disposed at once.
public final class CompositeDisposable: Cancelable {
    /// A handle to remove one disposable again.
    public struct DisposeKey: Hashable {
        fileprivate let value: Int
    }

    private struct State {
        var disposables: [Int: Disposable] = [:]
        var nextKey = 0
        var isDisposed = false
    }

    // Guards the table, the key counter and the disposed flag; never held while disposing.
    private let lock = SpinLock()
    @exclusivity(unchecked) private var guarded = State()

    @inline(__always)
    private func withState<R>(_ body: (inout State) -> R) -> R {
        lock.withLock { body(&guarded) }
    }

    public init() {
        #if DEBUG
        LiveObjects.increment()
        #endif
    }

    public init(_ disposables: Disposable...) {
        withState { state in
            for disposable in disposables {
                state.disposables[state.nextKey] = disposable
                state.nextKey += 1
            }
        }
        #if DEBUG
        LiveObjects.increment()
        #endif
    }

    deinit {
        #if DEBUG
        LiveObjects.decrement()
        #endif
    }

    public var isDisposed: Bool { withState { $0.isDisposed } }

    /// Adds `disposable`; returns `nil` (having disposed it) if this composite is already disposed.
    @discardableResult
    public func insert(_ disposable: Disposable) -> DisposeKey? {
        let key: Int? = withState { state in
            if state.isDisposed { return nil }
            let key = state.nextKey
            state.nextKey += 1
            state.disposables[key] = disposable
            return key
        }
        guard let key else {
            disposable.dispose()
            return nil
        }
        return DisposeKey(value: key)
    }

    /// Removes the disposable for `key` and disposes it.
    public func remove(for key: DisposeKey) {
        let removed = withState { $0.disposables.removeValue(forKey: key.value) }
        removed?.dispose()
    }

    public var count: Int { withState { $0.disposables.count } }

    public func dispose() {
        let removed: [Int: Disposable]? = withState { state in
            if state.isDisposed { return nil }
            state.isDisposed = true
            let all = state.disposables
            state.disposables = [:]
            return all
        }
        guard let removed else { return }
        for key in removed.keys.sorted() {
            removed[key]!.dispose()
        }
    }
}
