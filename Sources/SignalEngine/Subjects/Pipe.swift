import Synchronization

/// Hot subject: delivers to the subscribers present at the time of each event. SwiftSignalKit's
/// `Pipe` has only `putNext`; this one also carries the terminal events (later subscribers get the
/// terminal event at once), which the suite's publish subject needs.
public final class Pipe<T, E>: @unchecked Sendable {
    /// Guards the subscriber list and the terminal event.
    @usableFromInline let list = Mutex(SubscriberList<T, E>())

    public init() {}

    @inlinable
    public func putNext(_ value: T) {
        let entries = list.withLock { $0.terminal == nil ? $0.entries : [] }
        for entry in entries { entry.subscriber.putNext(value) }
    }

    public func putError(_ error: E) {
        let entries = list.withLock { $0.terminate(.error(error)) }
        for entry in entries { entry.subscriber.putError(error) }
    }

    public func putCompletion() {
        let entries = list.withLock { $0.terminate(.completed) }
        for entry in entries { entry.subscriber.putCompletion() }
    }

    /// The signal of this pipe's events.
    @inlinable
    public func signal() -> Signal<T, E> {
        Signal<T, E> { subscriber in
            let outcome = self.list.withLock { list -> (key: Int?, terminal: SubscriberList<T, E>.Terminal?) in
                if let terminal = list.terminal { return (nil, terminal) }
                return (list.add(subscriber), nil)
            }
            if let terminal = outcome.terminal {
                terminal.put(subscriber)
                return EmptyDisposable
            }
            return SubjectRemoval(subject: self, key: outcome.key!)
        }
    }
}

extension Pipe: SubjectRemovable {
    @usableFromInline
    func remove(_ key: Int) {
        let removed = list.withLock { $0.remove(key) }
        _ = removed
    }
}
