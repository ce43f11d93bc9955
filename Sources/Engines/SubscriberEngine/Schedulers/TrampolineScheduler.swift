#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The current-thread trampoline (RxSwift's CurrentThreadScheduler; RAC's subscription scheduler plays
/// this role on a thread that already runs scheduler work). The first block scheduled on a thread runs at
/// once and then drains, in order, whatever was scheduled while it ran; so a synchronous loop that
/// schedules more work (the feedback `system`) runs iteratively instead of growing the stack.
final class TrampolineScheduler: Scheduler, @unchecked Sendable {
    /// One per thread, reached through a pthread key; touched only by its own thread, so unguarded.
    final class ThreadQueue {
        var items: [(cancel: Disposable?, block: () -> Void)] = []
        var head = 0
        var draining = false
    }

    static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { pointer in
            #if canImport(Darwin)
            Unmanaged<ThreadQueue>.fromOpaque(pointer).release()
            #else
            if let pointer { Unmanaged<ThreadQueue>.fromOpaque(pointer).release() }
            #endif
        }
        return key
    }()

    static var threadQueue: ThreadQueue {
        if let pointer = pthread_getspecific(key) {
            return Unmanaged<ThreadQueue>.fromOpaque(pointer).takeUnretainedValue()
        }
        let queue = ThreadQueue()
        pthread_setspecific(key, Unmanaged.passRetained(queue).toOpaque())
        return queue
    }

    override func schedule(_ block: @escaping () -> Void) -> Disposable? {
        let queue = Self.threadQueue
        if queue.draining {
            let cancel = Disposable {}
            queue.items.append((cancel, block))
            return cancel
        }
        run(block, on: queue)
        return nil
    }

    override func enqueue(_ block: @escaping () -> Void) {
        let queue = Self.threadQueue
        if queue.draining {
            queue.items.append((nil, block))
        } else {
            run(block, on: queue)
        }
    }

    private func run(_ block: () -> Void, on queue: ThreadQueue) {
        queue.draining = true
        block()
        while queue.head < queue.items.count {
            let item = queue.items[queue.head]
            queue.items[queue.head] = (nil, {})
            queue.head += 1
            if item.cancel?.isDisposed != true { item.block() }
        }
        queue.items.removeAll(keepingCapacity: true)
        queue.head = 0
        queue.draining = false
    }
}
