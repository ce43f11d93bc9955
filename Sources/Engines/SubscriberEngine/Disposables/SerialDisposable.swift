import EngineSupport

/// RACSerialDisposable: holds one disposable that can be swapped; disposing it disposes the current one
/// and any set afterwards. Setting a new one does not dispose the old one (RAC's `swapInDisposable:`
/// returns it to the caller instead).
public class SerialDisposable: Disposable, @unchecked Sendable {
    /// Guards `current`; `disposedFlag` is set inside it. Never held while calling out.
    let lock = WordLock()
    var current: Disposable?

    public override init() { super.init() }

    /// The current disposable. Setting it after `dispose()` disposes the new value at once.
    public final var disposable: Disposable? {
        get { lock.withLock { current } }
        set { _ = swapIn(newValue) }
    }

    /// Replaces the current disposable and returns the previous one.
    @discardableResult
    public final func swapIn(_ disposable: Disposable?) -> Disposable? {
        var accepted = true
        let previous = lock.withLock { () -> Disposable? in
            if disposedFlag.load(ordering: .relaxed) {
                accepted = false
                return nil
            }
            defer { current = disposable }
            return current
        }
        if !accepted { disposable?.dispose() }
        return previous
    }

    public override func dispose() {
        var first = false
        let taken = lock.withLock { () -> Disposable? in
            if disposedFlag.load(ordering: .relaxed) { return nil }
            disposedFlag.store(true, ordering: .releasing)
            first = true
            return current.take()
        }
        if first { taken?.dispose() }
    }
}
