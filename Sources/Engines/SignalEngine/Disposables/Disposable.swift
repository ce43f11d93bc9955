/// Something that ends a subscription or releases a resource. Class-constrained, as in SwiftSignalKit:
/// an `any Disposable` is then a reference plus a witness table, never a heap box.
public protocol Disposable: AnyObject {
    /// Idempotent; callable from any thread, also while an event is being delivered.
    func dispose()
}

/// The disposable with nothing to do (SwiftSignalKit's `EmptyDisposable` constant).
public final class EmptyDisposableType: Disposable, @unchecked Sendable {
    init() {}
    public func dispose() {}
}

/// Shared: returning it from a generator allocates nothing.
public let EmptyDisposable: Disposable = EmptyDisposableType()
