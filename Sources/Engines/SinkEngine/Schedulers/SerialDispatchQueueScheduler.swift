import Dispatch
import Synchronization

/// Runs actions on a serial dispatch queue, in the order they were scheduled.
public final class SerialDispatchQueueScheduler: ImmediateSchedulerType {
    public let queue: DispatchQueue

    public init(queue: DispatchQueue) {
        self.queue = queue
    }

    public convenience init(label: String) {
        self.init(queue: DispatchQueue(label: label))
    }

    @discardableResult
    public func schedule(_ action: @escaping () -> Void) -> Disposable {
        let item = ScheduledItem(action)
        queue.async { item.invoke() }
        return item
    }
}
