import Synchronization

/// Holds one disposable at a time: setting a new one disposes the previous; after `dispose()` every
/// disposable set is disposed at once.
public final class MetaDisposable: Disposable, @unchecked Sendable {
    private struct State {
        var current: Disposable?
        var disposed = false
    }

    /// Guards the current disposable and the disposed flag.
    private let stateLock = Lock()
    private var state = State()

    /// Runs `body` on `state` with `stateLock` held (taken before `state` is touched).
    @inline(__always) private
    func withState<Out>(_ body: (inout State) -> Out) -> Out { stateLock.withLock { body(&state) } }

    #if DEBUG
    private let liveObject = LiveObjects.Token()
    #endif

    public init() {}

    public func set(_ disposable: Disposable?) {
        let previous = withState { state -> Disposable? in
            if state.disposed { return disposable }
            let previous = state.current
            state.current = disposable
            return previous
        }
        previous?.dispose()
    }

    public func dispose() {
        let current = withState { state -> Disposable? in
            if state.disposed { return nil }
            state.disposed = true
            let current = state.current
            state.current = nil
            return current
        }
        current?.dispose()
    }
}
