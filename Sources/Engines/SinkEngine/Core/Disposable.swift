// Something that ends a subscription or releases a resource. `dispose()` is idempotent and may be called
// from any thread. Its shape is the one place the two builds differ:
// - lean: class-bound (RxSwift's is not), so that `any Disposable` is a reference and a witness table, never a
//   boxed existential: disposables are stored in every sink and disposer;
// - `sink-locked` (SINK_LOCKED): RxSwift's `Disposable` (RxSwift/Disposable.swift:10-13), not class-bound.
//   Every stored `any Disposable` is then an opaque existential, five words with a buffer, copied and
//   destroyed through its type's value witnesses, and a property holding one is a formal access the runtime
//   checks wherever the optimiser cannot see that nothing else accesses it.
#if SINK_LOCKED
/// Something that ends a subscription or releases a resource; idempotent, callable from any thread.
public protocol Disposable {
    func dispose()
}
#else
/// Something that ends a subscription or releases a resource; idempotent, callable from any thread.
public protocol Disposable: AnyObject {
    func dispose()
}
#endif

/// A disposable that can say whether it has been disposed.
public protocol Cancelable: Disposable {
    var isDisposed: Bool { get }
}
