#if !canImport(Darwin)
import Foundation

// SwiftSignalKit's ThreadPool.swift declares its pool `@objc` (an NSObject whose threads start through an
// Objective-C selector), which Linux cannot compile, so that file is excluded and these types stand in for
// it with the same public surface: `deliverOn(_: ThreadPool)` and `runOn(_: ThreadPool)` in Signal_Dispatch.swift
// use them. rxbench translates no flow to a thread pool (its serial scheduler is the library's `Queue`), so
// no figure passes through this file.

/// Whether a task was cancelled before it ran.
public final class ThreadPoolTaskState {
    public let cancelled = Atomic<Bool>(value: false)
}

/// One unit of work for a pool queue; `cancel()` makes a task that has not run yet do nothing.
public final class ThreadPoolTask {
    private let state = ThreadPoolTaskState()
    private let action: (ThreadPoolTaskState) -> Void

    public init(_ action: @escaping (ThreadPoolTaskState) -> Void) {
        self.action = action
    }

    public func execute() {
        if !state.cancelled.with({ $0 }) {
            action(state)
        }
    }

    public func cancel() {
        _ = state.cancelled.swap(true)
    }
}

/// A serial lane of a pool: its tasks run one at a time, in the order they were added.
public final class ThreadPoolQueue: Equatable {
    fileprivate let lane: DispatchQueue

    public init(threadPool: ThreadPool) {
        lane = DispatchQueue(label: "SwiftSignalKit.ThreadPoolQueue", target: threadPool.workers)
    }

    public func addTask(_ task: ThreadPoolTask) {
        lane.async { task.execute() }
    }

    public static func == (lhs: ThreadPoolQueue, rhs: ThreadPoolQueue) -> Bool { lhs === rhs }
}

/// A pool of worker threads, here a concurrent dispatch queue of `threadCount` width's worth of lanes.
public final class ThreadPool {
    fileprivate let workers: DispatchQueue
    private let isPoolThread = DispatchSpecificKey<Bool>()

    public init(threadCount: Int, threadPriority: Double) {
        workers = DispatchQueue(label: "SwiftSignalKit.ThreadPool", attributes: .concurrent)
        workers.setSpecific(key: isPoolThread, value: true)
    }

    public func addTask(_ task: ThreadPoolTask) {
        workers.async { task.execute() }
    }

    public func nextQueue() -> ThreadPoolQueue {
        ThreadPoolQueue(threadPool: self)
    }

    public func isCurrentThreadInPool() -> Bool {
        DispatchQueue.getSpecific(key: isPoolThread) == true
    }
}
#endif
