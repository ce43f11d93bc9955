/// RACImmediateScheduler: runs every block at once, on the calling thread.
final class ImmediateScheduler: Scheduler, @unchecked Sendable {
    override func schedule(_ block: @escaping () -> Void) -> Disposable? {
        block()
        return nil
    }

    override func enqueue(_ block: @escaping () -> Void) { block() }
}
