/// Runs every action at once, on the calling thread.
public final class ImmediateScheduler: ImmediateSchedulerType {
    public static let instance = ImmediateScheduler()

    private init() {}

    @discardableResult
    public func schedule(_ action: @escaping () -> Void) -> Disposable {
        action()
        return Disposables.create()
    }
}
