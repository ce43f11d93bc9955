#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// The trampoline: runs an action at once unless this thread is already running one, in which case the
/// action is queued and run when the outermost one returns. Recursion through it (concat, retry, a
/// feedback loop) therefore iterates instead of growing the stack.
public final class CurrentThreadScheduler: ImmediateSchedulerType {
    public static let instance = CurrentThreadScheduler()

    private init() {}

    /// `true` when an action scheduled now would run at once (this thread is not inside the trampoline).
    public static var isScheduleRequired: Bool {
        #if SINK_LOCKED
        !isInsideTrampoline
        #else
        !queue.isRunning
        #endif
    }

    @discardableResult
    public func schedule(_ action: @escaping () -> Void) -> Disposable {
        #if SINK_LOCKED
        if Self.isInsideTrampoline {
            let item = ScheduledItem(action)
            Self.queueMadeIfNeeded.enqueue(item)
            return item
        }
        Self.enterOutermost()
        action()
        Self.leaveOutermost()
        return Disposables.create()
        #else
        let queue = Self.queue
        if queue.isRunning {
            let item = ScheduledItem(action)
            queue.enqueue(item)
            return item
        }
        queue.isRunning = true
        action()
        queue.drain()
        return Disposables.create()
        #endif
    }

    /// Runs `item` at once unless this thread is inside the trampoline, in which case it is queued; either
    /// way it gets another turn behind the queue for as long as it asks for one.
    func schedule(_ item: ScheduledItem) {
        #if SINK_LOCKED
        if Self.isInsideTrampoline {
            Self.queueMadeIfNeeded.enqueue(item)
            return
        }
        Self.enterOutermost()
        if item.invoke() { Self.queueMadeIfNeeded.enqueue(item) }
        Self.leaveOutermost()
        #else
        let queue = Self.queue
        if queue.isRunning {
            queue.enqueue(item)
            return
        }
        queue.isRunning = true
        if item.invoke() { queue.enqueue(item) }
        queue.drain()
        #endif
    }

    #if !SINK_LOCKED
    /// This thread's queue, made on first use and released when the thread exits.
    static var queue: TrampolineQueue {
        if let pointer = pthread_getspecific(trampolineKey) {
            return Unmanaged<TrampolineQueue>.fromOpaque(pointer).takeUnretainedValue()
        }
        let queue = TrampolineQueue()
        pthread_setspecific(trampolineKey, Unmanaged.passRetained(queue).toOpaque())
        return queue
    }
    #endif
}

#if !SINK_LOCKED
/// The thread-local key of the trampoline queues; its destructor releases a thread's queue.
private let trampolineKey: pthread_key_t = {
    var key = pthread_key_t()
    #if canImport(Darwin)
    let status = pthread_key_create(&key) { pointer in
        Unmanaged<TrampolineQueue>.fromOpaque(pointer).release()
    }
    #else
    let status = pthread_key_create(&key) { pointer in
        if let pointer { Unmanaged<TrampolineQueue>.fromOpaque(pointer).release() }
    }
    #endif
    precondition(status == 0, "pthread_key_create failed")
    return key
}()
#endif

/// One thread's trampoline: only ever touched by its own thread, so it needs no lock.
final class TrampolineQueue {
    /// `true` while this thread runs an action (or an outermost subscription) through the trampoline.
    var isRunning = false
    private var items: [ScheduledItem?] = []
    private var head = 0

    func enqueue(_ item: ScheduledItem) {
        items.append(item)
    }

    /// Runs queued actions, including those they queue, then leaves the trampoline.
    func drain() {
        while head < items.count {
            let item = items[head]
            items[head] = nil
            head += 1
            if let item, item.invoke() {
                // A recursive schedule wants another turn, after everything queued before it now.
                items.append(item)
            }
            // Long recursions (concat of 100,000 sources) would keep a dead prefix; drop it now and then.
            if head >= 1024 && head * 2 >= items.count {
                items.removeFirst(head)
                head = 0
            }
        }
        items.removeAll(keepingCapacity: true)
        head = 0
        isRunning = false
    }
}

/// A queued action; disposing it before it runs cancels it.
final class ScheduledItem: Cancelable {
    private let action: (() -> Void)?
    private let step: (() -> Bool)?
    // Guards nothing but itself: set by `dispose()` from any thread, read before the action runs.
    private let disposed = Atomic<Bool>(false)

    init(_ action: @escaping () -> Void) {
        self.action = action
        self.step = nil
    }

    /// An item that runs `step` once per turn of the trampoline and is queued again, behind what is
    /// queued by then, for as long as `step` returns `true`: RxSwift's `scheduleRecursive` on
    /// `CurrentThreadScheduler`, which allocates a scheduled item per turn, with one allocation in all.
    init(repeating step: @escaping () -> Bool) {
        self.action = nil
        self.step = step
    }

    var isDisposed: Bool { disposed.load(ordering: .acquiring) }

    /// Runs the action unless the item is disposed; `true` when it wants another turn.
    @discardableResult
    func invoke() -> Bool {
        if isDisposed { return false }
        if let step { return step() }
        action?()
        return false
    }

    func dispose() {
        disposed.store(true, ordering: .releasing)
    }
}
