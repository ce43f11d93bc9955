import Dispatch

/// A serial dispatch queue, as SwiftSignalKit's `Queue`: where `deliverOn` puts events and `runOn`
/// starts subscriptions.
public final class Queue: @unchecked Sendable {
    public let queue: DispatchQueue

    public init(name: String) {
        self.queue = DispatchQueue(label: name)
    }

    /// Wraps an existing queue, which must be serial for `deliverOn` to keep events in order.
    public init(queue: DispatchQueue) {
        self.queue = queue
    }

    public func async(_ work: @escaping () -> Void) {
        queue.async(execute: work)
    }
}
