import Synchronization

/// Runs its action once, on the first `dispose()`.
public final class ActionDisposable: Disposable, @unchecked Sendable {
    /// Guards the action: taken out (and released) by the first dispose.
    private let actionLock = Lock()
    private var action: (() -> Void)?

    /// Runs `body` on `action` with `actionLock` held (taken before `action` is touched).
    @inline(__always) private
    func withAction<Out>(_ body: (inout (() -> Void)?) throws -> Out) rethrows -> Out {
        actionLock.lock()
        defer { actionLock.unlock() }
        return try body(&action)
    }

    #if DEBUG
    private let liveObject = LiveObjects.Token()
    #endif

    public init(action: @escaping () -> Void) {
        self.action = action
    }

    public func dispose() {
        let taken = withAction { slot -> (() -> Void)? in
            let value = slot
            slot = nil
            return value
        }
        taken?()
    }
}
