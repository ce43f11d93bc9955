import Foundation
import OpenCombineShim

/// A current-thread trampoline as a Combine `Scheduler` (Combine ships none): an action scheduled while
/// another runs on the same thread is queued and run after it, so synchronous feedback does not recurse.
/// Any Combine user can write this against the public `Scheduler` protocol; times are ignored.
struct CombineTrampolineScheduler: Scheduler {
    typealias SchedulerTimeType = ImmediateScheduler.SchedulerTimeType
    typealias SchedulerOptions = Never

    var now: SchedulerTimeType { ImmediateScheduler.shared.now }
    var minimumTolerance: SchedulerTimeType.Stride { ImmediateScheduler.shared.minimumTolerance }

    func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
        CombineTrampoline.current.run(action)
    }

    func schedule(
        after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
        _ action: @escaping () -> Void
    ) {
        CombineTrampoline.current.run(action)
    }

    func schedule(
        after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride,
        options: SchedulerOptions?, _ action: @escaping () -> Void
    ) -> Cancellable {
        CombineTrampoline.current.run(action)
        return AnyCancellable {}
    }
}

/// The per-thread queue behind `CombineTrampolineScheduler`.
private final class CombineTrampoline {
    private var queue: [() -> Void] = []
    private var running = false

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { pointer in
            if let pointer { Unmanaged<CombineTrampoline>.fromOpaque(pointer).release() }
        }
        return key
    }()

    static var current: CombineTrampoline {
        if let pointer = pthread_getspecific(key) { return Unmanaged<CombineTrampoline>.fromOpaque(pointer).takeUnretainedValue() }
        let trampoline = CombineTrampoline()
        pthread_setspecific(key, Unmanaged.passRetained(trampoline).toOpaque())
        return trampoline
    }

    func run(_ action: @escaping () -> Void) {
        guard !running else { return queue.append(action) }
        running = true
        action()
        var index = 0
        while index < queue.count {
            queue[index]()
            index += 1
        }
        queue.removeAll(keepingCapacity: true)
        running = false
    }
}
