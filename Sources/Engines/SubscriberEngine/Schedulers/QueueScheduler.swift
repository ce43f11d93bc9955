import Dispatch

/// RACTargetQueueScheduler: runs blocks asynchronously on a dispatch queue.
final class QueueScheduler: Scheduler, @unchecked Sendable {
    let queue: DispatchQueue

    init(_ queue: DispatchQueue) {
        self.queue = queue
        super.init()
    }

    override func schedule(_ block: @escaping () -> Void) -> Disposable? {
        let cancel = Disposable {}
        queue.async {
            if !cancel.isDisposed { block() }
        }
        return cancel
    }

    override func enqueue(_ block: @escaping () -> Void) {
        queue.async { block() }
    }
}
