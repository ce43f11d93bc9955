import Synchronization

/// Holds one disposable at a time: setting a new one disposes the previous; after `dispose()` every
/// disposable set is disposed at once.
public final class MetaDisposable: Disposable, @unchecked Sendable {
    private struct State {
        var current: Disposable?
        var disposed = false
    }

    /// Guards the current disposable and the disposed flag.
    private let state = Mutex(State())

    public init() {
        #if DEBUG
        LiveObjects.created()
        #endif
    }

    deinit {
        #if DEBUG
        LiveObjects.destroyed()
        #endif
    }

    public func set(_ disposable: Disposable?) {
        let previous = state.withLock { state -> Disposable? in
            if state.disposed { return disposable }
            let previous = state.current
            state.current = disposable
            return previous
        }
        previous?.dispose()
    }

    public func dispose() {
        let current = state.withLock { state -> Disposable? in
            if state.disposed { return nil }
            state.disposed = true
            let current = state.current
            state.current = nil
            return current
        }
        current?.dispose()
    }
}
