import Synchronization

/// Hot subject: delivers to the subscribers present at the time of each event. SwiftSignalKit's
/// `ValuePipe` has only `putNext`; this one also carries the terminal events (later subscribers get the
/// terminal event at once), which the suite's publish subject needs.
public final class Pipe<T, E>: @unchecked Sendable {
    let table = SubscriberTable()
    /// Guards the terminal event, written before the table is closed.
    let terminalLock = Lock()
    var terminal: SubjectTerminal<E>? = nil

    /// Runs `body` on `terminal` with `terminalLock` held (taken before `terminal` is touched).
    func withTerminal<Out>(_ body: (inout SubjectTerminal<E>?) -> Out) -> Out { terminalLock.withLock { body(&terminal) } }

    public init() {}

    public func putNext(_ value: T) {
        for entry in table.snapshot() {
            unsafeDowncast(entry.subscriber, to: Subscriber<T, E>.self).putNext(value)
        }
    }

    public func putError(_ error: E) { terminate(.error(error)) }

    public func putCompletion() { terminate(.completed) }

    func terminate(_ event: SubjectTerminal<E>) {
        let first = withTerminal { terminal -> Bool in
            if terminal != nil { return false }
            terminal = event
            return true
        }
        if !first { return }
        for entry in table.close() {
            event.put(unsafeDowncast(entry.subscriber, to: Subscriber<T, E>.self))
        }
    }

    /// The signal of this pipe's events.
    public func signal() -> Signal<T, E> {
        Signal<T, E> { subscriber in
            switch self.table.add(subscriber) {
            case .added(let key):
                return SubjectRemoval(table: self.table, key: key)
            case .closed, .stale:
                self.withTerminal { $0 }?.put(subscriber)
                return EmptyDisposable
            }
        }
    }
}
