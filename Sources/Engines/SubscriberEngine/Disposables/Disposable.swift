import Synchronization

/// RACDisposable: runs its block once, on the first `dispose()`, from whichever thread gets there first.
///
/// A class hierarchy, as in RAC (`CompoundDisposable`, `SerialDisposable`, `ScopedDisposable` override
/// `dispose()`); the hierarchy is not generic, so the dynamic dispatch lands in specialised code.
public class Disposable: @unchecked Sendable {
    /// Set by the first `dispose()`; read lock-free by the per-event disposed checks.
    let disposedFlag = Atomic<Bool>(false)
    /// Written at init; taken (and released) only by the caller that won `disposedFlag`.
    private var action: (() -> Void)?

    #if DEBUG
    private let liveObject = LiveObjects.Token()
    #endif

    /// A disposable that runs `action` once when disposed.
    public init(_ action: @escaping () -> Void) {
        self.action = action
    }

    /// For subclasses, which override `dispose()`.
    init() {
        self.action = nil
    }

    #if SUBSCRIBER_LOCKED
    /// Overridden by `CompoundDisposable` in `subscriber-locked-dependency`, whose check takes its lock.
    public var isDisposed: Bool { disposedFlag.load(ordering: .acquiring) }
    #else
    public final var isDisposed: Bool { disposedFlag.load(ordering: .acquiring) }
    #endif

    /// Idempotent; callable from any thread, also during delivery.
    public func dispose() {
        if disposedFlag.exchange(true, ordering: .acquiringAndReleasing) { return }
        let action = self.action
        self.action = nil
        action?()
    }
}
