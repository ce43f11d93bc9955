/// Something that ends a subscription or releases a resource. `dispose()` is idempotent and may be
/// called from any thread.
///
/// Class-bound (RxSwift's is not) so that `any Disposable` is a reference and a witness table, never a
/// boxed existential: disposables are stored in every sink and disposer.
public protocol Disposable: AnyObject {
    func dispose()
}

/// A disposable that can say whether it has been disposed.
public protocol Cancelable: Disposable {
    var isDisposed: Bool { get }
}
