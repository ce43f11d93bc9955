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
        !queue.isRunning
    }

    @discardableResult
    public func schedule(_ action: @escaping () -> Void) -> Disposable {
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
    }

    /// Runs `item` at once unless this thread is inside the trampoline, in which case it is queued; either
    /// way it gets another turn behind the queue for as long as it asks for one.
    func schedule(_ item: ScheduledItem) {
        let queue = Self.queue
        if queue.isRunning {
            queue.enqueue(item)
            return
        }
        queue.isRunning = true
        if item.invoke() { queue.enqueue(item) }
        queue.drain()
    }

    /// This thread's queue, made on first use and released when the thread exits.
    static var queue: TrampolineQueue {
        if let pointer = pthread_getspecific(trampolineKey) {
            return Unmanaged<TrampolineQueue>.fromOpaque(pointer).takeUnretainedValue()
        }
        let queue = TrampolineQueue()
        pthread_setspecific(trampolineKey, Unmanaged.passRetained(queue).toOpaque())
        return queue
    }
}

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
