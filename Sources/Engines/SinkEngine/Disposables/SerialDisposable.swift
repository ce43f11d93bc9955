import Synchronization

/// Holds one disposable at a time: setting a new one disposes the previous one; after `dispose()`, a new
/// one is disposed at once.
public final class SerialDisposable: Cancelable {
    private struct State {
        var current: Disposable?
        var isDisposed = false
    }

    // Guards the current disposable and the disposed flag; never held while disposing.
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

    public var isDisposed: Bool { withState { $0.isDisposed } }

    public var disposable: Disposable? {
        get { withState { $0.current } }
        set {
            let previous: Disposable? = withState { state in
                if state.isDisposed { return newValue }
                let previous = state.current
                state.current = newValue
                return previous
            }
            previous?.dispose()
        }
    }

    public func dispose() {
        let current: Disposable? = withState { state in
            if state.isDisposed { return nil }
            state.isDisposed = true
            let current = state.current
            state.current = nil
            return current
        }
        current?.dispose()
    }
}
