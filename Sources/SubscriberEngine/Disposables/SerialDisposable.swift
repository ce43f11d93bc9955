import Synchronization

/// RACSerialDisposable: holds one disposable that can be swapped; disposing it disposes the current one
/// and any set afterwards. Setting a new one does not dispose the old one (RAC's `swapInDisposable:`
/// returns it to the caller instead).
public class SerialDisposable: Disposable, @unchecked Sendable {
    /// Guards the current disposable; `disposedFlag` is set inside it.
    private let current = Mutex<Disposable?>(nil)

    public override init() { super.init() }

    /// The current disposable. Setting it after `dispose()` disposes the new value at once.
    public final var disposable: Disposable? {
        get { current.withLock { $0 } }
        set { _ = swapIn(newValue) }
    }

    /// Replaces the current disposable and returns the previous one.
    @discardableResult
    public final func swapIn(_ disposable: Disposable?) -> Disposable? {
        let (previous, accepted) = current.withLock { current -> (Disposable?, Bool) in
            if disposedFlag.load(ordering: .relaxed) { return (nil, false) }
            defer { current = disposable }
            return (current, true)
        }
        if !accepted { disposable?.dispose() }
        return previous
    }

    public override func dispose() {
        let (taken, first) = current.withLock { current -> (Disposable?, Bool) in
            if disposedFlag.load(ordering: .relaxed) { return (nil, false) }
            disposedFlag.store(true, ordering: .releasing)
            defer { current = nil }
            return (current, true)
        }
        if first { taken?.dispose() }
    }
}
