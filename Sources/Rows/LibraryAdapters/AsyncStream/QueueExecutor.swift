import Dispatch

/// A task executor that runs each job on a serial dispatch queue: the consuming task of a flow that ends in
/// `observeOn(serial queue)`, as a Swift concurrency user consumes on the main actor (whose executor is the
/// main queue) or on an actor of their own. While the task is busy or its queue is, what the producer yields
/// waits in the stream's buffer; a task waiting for a value is resumed by one job on the queue.
final class QueueExecutor: TaskExecutor, @unchecked Sendable {
    let queue: DispatchQueue

    init(_ queue: DispatchQueue) { self.queue = queue }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
