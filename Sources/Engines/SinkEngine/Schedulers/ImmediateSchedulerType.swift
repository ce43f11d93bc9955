/// Something that runs work: at once, later on this thread, or on a queue.
///
/// RxSwift's actions take a state and return a disposable; every action here is a closure, so it takes
/// none, and cancelling is done through the disposable `schedule` returns.
public protocol ImmediateSchedulerType: AnyObject {
    /// Runs `action` now or later. Disposing the result before it runs cancels it.
    @discardableResult
    func schedule(_ action: @escaping () -> Void) -> Disposable
}
