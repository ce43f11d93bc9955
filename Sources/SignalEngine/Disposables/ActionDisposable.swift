import Synchronization

/// Runs its action once, on the first `dispose()`.
public final class ActionDisposable: Disposable, @unchecked Sendable {
    /// Guards the action: taken out (and released) by the first dispose.
    private let action: Mutex<(() -> Void)?>

    public init(action: @escaping () -> Void) {
        self.action = Mutex(action)
        #if DEBUG
        LiveObjects.created()
        #endif
    }

    deinit {
        #if DEBUG
        LiveObjects.destroyed()
        #endif
    }

    public func dispose() {
        let taken = action.withLock { slot -> (() -> Void)? in
            let value = slot
            slot = nil
            return value
        }
        taken?()
    }
}
