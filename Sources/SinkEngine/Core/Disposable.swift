/// Something that ends a subscription or releases a resource. `dispose()` is idempotent and may be
/// called from any thread.
///
#if SINK_LOCKED
/// `sink-locked`: RxSwift's `Disposable` (RxSwift/Disposable.swift:10-13), not class-bound. Every stored
/// `any Disposable` is then an opaque existential, five words with a buffer, copied and destroyed through
/// its type's value witnesses, and a property holding one is a formal access the runtime checks wherever
/// the optimiser cannot see that nothing else accesses it.
public protocol Disposable {
    func dispose()
}
#else
/// Class-bound (RxSwift's is not) so that `any Disposable` is a reference and a witness table, never a
/// boxed existential: disposables are stored in every sink and disposer.
public protocol Disposable: AnyObject {
    func dispose()
}
#endif

/// A disposable that can say whether it has been disposed.
public protocol Cancelable: Disposable {
    var isDisposed: Bool { get }
}
