import Dispatch

/// RACScheduler: where work runs. Not generic, so the dynamic dispatch to a subclass is cheap.
public class Scheduler: @unchecked Sendable {
    init() {}

    /// Runs `block` on this scheduler; the returned disposable (if any) cancels it before it starts.
    @discardableResult
    public func schedule(_ block: @escaping () -> Void) -> Disposable? {
        fatalError("Scheduler subclasses override schedule(_:)")
    }

    /// Like `schedule(_:)` but with no way to cancel: used for per-event delivery (`deliverOn`), where the
    /// receiving passthrough subscriber already drops events after dispose, so a disposable per event
    /// would be an allocation buying nothing.
    func enqueue(_ block: @escaping () -> Void) {
        schedule(block)
    }

    /// RAC's `+immediateScheduler`: runs the block at once, on the calling thread.
    public static let immediate: Scheduler = ImmediateScheduler()

    /// RAC's `+subscriptionScheduler`, the scheduler `createSignal` subscriptions run on. RAC runs the
    /// block at once when a current scheduler exists, and hops to a background scheduler otherwise; this
    /// engine always runs it at once (see docs/decisions/subscriber-engine.md), so dynamic signals call
    /// their `didSubscribe` block directly instead of going through it.
    public static let subscription: Scheduler = ImmediateScheduler()

    /// The current-thread trampoline: runs the block at once unless the calling thread is already running
    /// trampoline work, in which case it is queued and run, in order, when that work returns.
    public static let trampoline: Scheduler = TrampolineScheduler()

    /// RACTargetQueueScheduler: runs blocks asynchronously on `queue` (serial queues keep the order).
    public static func queue(_ queue: DispatchQueue) -> Scheduler { QueueScheduler(queue) }
}
