/// Replay subject with a buffer: every new subscriber first gets the latest `bufferSize` values, then the
/// later events; after the terminal event a new subscriber gets the buffered values, then that event
/// (RxSwift's `ReplaySubject.create(bufferSize:)`).
// SwiftSignalKit has no replay subject beyond `Promise`'s one value; this is `Promise` with the value
// widened to a bounded buffer, joined by the same versioned protocol.
public final class ReplayBuffer<T, E>: @unchecked Sendable {
    @usableFromInline struct State {
        @usableFromInline var values: ContiguousArray<T> = []
        @usableFromInline var terminal: SubjectTerminal<E>?
        @usableFromInline init() {}
    }

    public let bufferSize: Int
    @usableFromInline let table = SubscriberTable()
    /// Guards the buffered values and the terminal event. The table's version is bumped inside this
    /// lock, so (values, version) pairs read under it are consistent.
    @usableFromInline let stateLock = SpinLock()
    @exclusivity(unchecked) @usableFromInline var state = State()

    /// Runs `body` on `state` with `stateLock` held (taken before `state` is touched).
    @inlinable
    func withState<Out>(_ body: (inout State) throws -> Out) rethrows -> Out {
        stateLock.lock()
        defer { stateLock.unlock() }
        return try body(&state)
    }

    public init(bufferSize: Int) {
        precondition(bufferSize > 0, "bufferSize must be positive")
        self.bufferSize = bufferSize
    }

    @inlinable
    public func putNext(_ value: T) {
        let bufferSize = self.bufferSize
        let entries = withState { state -> ContiguousArray<(key: Int, subscriber: AnyObject)> in
            if state.terminal != nil { return [] }
            if state.values.count == bufferSize { state.values.removeFirst() }
            state.values.append(value)
            return table.snapshot(bumpingVersion: true)
        }
        for entry in entries {
            unsafeDowncast(entry.subscriber, to: Subscriber<T, E>.self).putNext(value)
        }
    }

    @inlinable
    public func putError(_ error: E) { terminate(.error(error)) }

    @inlinable
    public func putCompletion() { terminate(.completed) }

    @inlinable
    func terminate(_ event: SubjectTerminal<E>) {
        let entries = withState { state -> ContiguousArray<(key: Int, subscriber: AnyObject)> in
            if state.terminal != nil { return [] }
            state.terminal = event
            return table.close()
        }
        for entry in entries {
            event.put(unsafeDowncast(entry.subscriber, to: Subscriber<T, E>.self))
        }
    }

    /// The buffered values, then every later event. The values are replayed outside the lock; the
    /// subscriber joins only if no newer value was put meanwhile (else it is replayed the newer buffer
    /// from where it left off), so it never sees a value twice or out of order.
    @inlinable
    public func get() -> Signal<T, E> {
        Signal<T, E> { subscriber in
            var current = self.withState { ($0.values, self.table.currentVersion()) }
            // How many values have been put before the buffer read last (values replayed so far are
            // counted against it, so a re-read replays only what is new).
            var replayedVersion = current.1
            var pending = current.0
            // Each put bumps the version once: the newest `version - replayed` buffered values are new.
            func fresh(_ values: ContiguousArray<T>, version: Int, after replayed: Int) -> ContiguousArray<T> {
                ContiguousArray(values.suffix(min(values.count, max(0, version - replayed))))
            }
            while true {
                for value in pending { subscriber.putNext(value) }
                if subscriber.isTerminated { return EmptyDisposable }
                switch self.table.add(subscriber, ifVersion: current.1) {
                case .added(let key):
                    return SubjectRemoval(table: self.table, key: key)
                case .closed:
                    // Values put between the read and the terminal event come first.
                    let last = self.withState { ($0.values, self.table.currentVersion(), $0.terminal) }
                    for value in fresh(last.0, version: last.1, after: replayedVersion) { subscriber.putNext(value) }
                    last.2?.put(subscriber)
                    return EmptyDisposable
                case .stale:
                    current = self.withState { ($0.values, self.table.currentVersion()) }
                    pending = fresh(current.0, version: current.1, after: replayedVersion)
                    replayedVersion = current.1
                }
            }
        }
    }
}
