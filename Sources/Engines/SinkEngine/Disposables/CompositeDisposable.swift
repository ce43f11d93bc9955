import Synchronization

/// A set of disposables disposed together. After `dispose()`, an inserted disposable is disposed at once.
///
/// As in RxSwift, the disposables live in a `Bag` (the first inline, then an array, then a dictionary), which
/// is dropped when the composite is disposed; they are disposed in the bag's order (insertion order for the
/// first 31).
public final class CompositeDisposable: Cancelable {
    /// A handle to remove one disposable again.
    public struct DisposeKey: Hashable {
        fileprivate let key: BagKey
    }

    private struct State {
        /// `nil` once disposed.
        var disposables: Bag<Disposable>? = Bag()
    }

    // Guards the bag (and with it the disposed state); never held while disposing.
    private let lock = SpinLock()
    private var guarded = State()

    @inline(__always)
    private func withState<R>(_ body: (inout State) -> R) -> R {
        lock.withLock { body(&guarded) }
    }

    #if DEBUG
    private let liveObject = LiveObjects.Token()
    #endif

    public init() {}

    public init(_ disposables: Disposable...) {
        withState { state in
            for disposable in disposables {
                _ = state.disposables!.insert(disposable)
            }
        }
    }

    public var isDisposed: Bool { withState { $0.disposables == nil } }

    /// Adds `disposable`; returns `nil` (having disposed it) if this composite is already disposed.
    @discardableResult
    public func insert(_ disposable: Disposable) -> DisposeKey? {
        let key: BagKey? = withState { state in
            state.disposables?.insert(disposable)
        }
        guard let key else {
            disposable.dispose()
            return nil
        }
        return DisposeKey(key: key)
    }

    /// Removes the disposable for `key` and disposes it.
    public func remove(for key: DisposeKey) {
        let removed = withState { $0.disposables?.removeKey(key.key) }
        removed?.dispose()
    }

    public var count: Int { withState { $0.disposables?.count ?? 0 } }

    public func dispose() {
        let removed: Bag<Disposable>? = withState { state in
            state.disposables.take()
        }
        removed?.forEach { $0.dispose() }
    }
}
