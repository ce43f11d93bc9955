#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The trampoline: runs an action at once unless this thread is already running one, in which case the
/// action is queued and run when the outermost one returns. Recursion through it (concat, retry, a
/// feedback loop) therefore iterates instead of growing the stack.
///
/// `sink-locked`: the trampoline where RxSwift 6.10.2 keeps it (Schedulers/CurrentThreadScheduler.swift:31-74,
/// 90-126). "Inside the trampoline" is a pthread key set to a sentinel; the queue lives in Foundation's thread
/// dictionary under a string key (Platform/Platform.Linux.swift:4-17), made when an action is first queued
/// and removed whenever the outermost action returns. So every outermost action, and so every subscription
/// made outside one (Observables/Producer.swift:15-30), sets the key twice and reads and writes the thread
/// dictionary once each. The lean engine keeps one queue per thread behind one key, with the flag in it
/// (README's fidelity table).
public final class CurrentThreadScheduler: ImmediateSchedulerType {
    public static let instance = CurrentThreadScheduler()

    private init() {}

    /// `true` when an action scheduled now would run at once (this thread is not inside the trampoline).
    public static var isScheduleRequired: Bool {
        !isInsideTrampoline
    }

    @discardableResult
    public func schedule(_ action: @escaping () -> Void) -> Disposable {
        if Self.isInsideTrampoline {
            let item = ScheduledItem(action)
            Self.queueMadeIfNeeded.enqueue(item)
            return item
        }
        Self.enterOutermost()
        action()
        Self.leaveOutermost()
        return Disposables.create()
    }

    /// Runs `item` at once unless this thread is inside the trampoline, in which case it is queued; either
    /// way it gets another turn behind the queue for as long as it asks for one.
    func schedule(_ item: ScheduledItem) {
        if Self.isInsideTrampoline {
            Self.queueMadeIfNeeded.enqueue(item)
            return
        }
        Self.enterOutermost()
        if item.invoke() { Self.queueMadeIfNeeded.enqueue(item) }
        Self.leaveOutermost()
    }
}


extension CurrentThreadScheduler {
    /// Runs `action` at once as the outermost action of this thread, or queues it when one is running; the
    /// result disposes what it returns. RxSwift's `schedule(_:action:)`, used by `Producer.subscribe`. The
    /// queued branch stores the closure, so its context is on the heap in both branches, as RxSwift's is.
    func scheduleSubscription(_ action: @escaping () -> Disposable) -> Disposable {
        if !Self.isScheduleRequired {
            let subscription = SingleAssignmentDisposable()
            let item = ScheduledItem { subscription.setDisposable(action()) }
            Self.queueMadeIfNeeded.enqueue(item)
            return Disposables.create(item, subscription)
        }
        Self.enterOutermost()
        let disposable = action()
        Self.leaveOutermost()
        return disposable
    }

    static var isInsideTrampoline: Bool { pthread_getspecific(inProgressKey) != nil }

    static func enterOutermost() {
        pthread_setspecific(inProgressKey, inProgressSentinel)
    }

    /// Runs what the outermost action queued, then leaves: the key cleared, the queue dropped.
    static func leaveOutermost() {
        if let queue = threadQueue { queue.drain() }
        pthread_setspecific(inProgressKey, nil)
        threadQueue = nil
    }

    /// This thread's queue, made and stored on first use inside the trampoline.
    static var queueMadeIfNeeded: TrampolineQueue {
        if let queue = threadQueue { return queue }
        let queue = TrampolineQueue()
        threadQueue = queue
        return queue
    }

    private static var threadQueue: TrampolineQueue? {
        get { Thread.current.threadDictionary[trampolineQueueKey] as? TrampolineQueue }
        set { Thread.current.threadDictionary[trampolineQueueKey] = newValue }
    }
}

private let trampolineQueueKey = "SinkEngine.CurrentThreadScheduler.Queue"

/// The key whose value is non-nil while this thread runs an outermost action; no destructor, as RxSwift's.
private let inProgressKey: pthread_key_t = {
    var key = pthread_key_t()
    let status = pthread_key_create(&key, nil)
    precondition(status == 0, "pthread_key_create failed")
    return key
}()

private let inProgressSentinel = UnsafeRawPointer(UnsafeMutablePointer<Int>.allocate(capacity: 1))
