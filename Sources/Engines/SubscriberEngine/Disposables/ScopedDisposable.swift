/// RACScopedDisposable: disposes the wrapped disposable when this object is released, tying a
/// subscription to the lifetime of whoever holds it.
public final class ScopedDisposable: Disposable, @unchecked Sendable {
    private let wrapped: Disposable

    public init(_ wrapped: Disposable) {
        self.wrapped = wrapped
        super.init()
    }

    deinit { wrapped.dispose() }

    public override func dispose() {
        if disposedFlag.exchange(true, ordering: .acquiringAndReleasing) { return }
        wrapped.dispose()
    }
}

extension Disposable {
    /// RAC's `-asScopedDisposable`.
    public func asScopedDisposable() -> ScopedDisposable { ScopedDisposable(self) }
}
