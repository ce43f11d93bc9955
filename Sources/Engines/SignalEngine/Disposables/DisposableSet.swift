import Synchronization

/// A bag of disposables disposed together; adding to a disposed set disposes the newcomer at once.
public final class DisposableSet: Disposable, @unchecked Sendable {
    private struct State {
        var members: ContiguousArray<Disposable> = []
        var disposed = false
    }

    /// Guards the members and the disposed flag.
    private let stateLock = Lock()
    private var state = State()

    /// Runs `body` on `state` with `stateLock` held (taken before `state` is touched).
    @inline(__always) private
    func withState<Out>(_ body: (inout State) -> Out) -> Out { stateLock.withLock { body(&state) } }

    #if DEBUG
    private let liveObject = LiveObjects.Token()
    #endif

    public init() {}

    public func add(_ disposable: Disposable) {
        let rejected = withState { state -> Bool in
            if state.disposed { return true }
            state.members.append(disposable)
            return false
        }
        if rejected { disposable.dispose() }
    }

    /// Forgets a member without disposing it (an inner signal that has ended on its own).
    public func remove(_ disposable: Disposable) {
        // The removed member is released after unlocking: its deinit may run engine code.
        let removed = withState { state -> Disposable? in
            guard let index = state.members.firstIndex(where: { $0 === disposable }) else { return nil }
            return state.members.remove(at: index)
        }
        _ = removed
    }

    public func dispose() {
        let members = withState { state -> ContiguousArray<Disposable> in
            if state.disposed { return [] }
            state.disposed = true
            let members = state.members
            state.members = []
            return members
        }
        for member in members { member.dispose() }
    }
}
