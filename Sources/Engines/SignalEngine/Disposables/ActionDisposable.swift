import Synchronization

/// Runs its action once, on the first `dispose()`.
public final class ActionDisposable: Disposable, @unchecked Sendable {
    /// Guards the action: taken out (and released) by the first dispose.
    private let actionLock = Lock()
    private var action: (() -> Void)?

    #if DEBUG
    private let liveObject = LiveObjects.Token()
    #endif

    public init(action: @escaping () -> Void) {
        self.action = action
    }

    public func dispose() {
        // Read and cleared inline, after locking: taking the action out through a generic helper would hand the
        // closure back as a generic result, which reabstracts it, an allocation per dispose under the lock.
        actionLock.lock()
        let taken = action
        action = nil
        actionLock.unlock()
        taken?()
    }
}
