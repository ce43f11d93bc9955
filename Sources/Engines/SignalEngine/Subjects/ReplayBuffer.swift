/// Replay subject with a buffer: every new subscriber first gets the latest `bufferSize` values, then the
/// later events; after the terminal event a new subscriber gets the buffered values, then that event
/// (RxSwift's `ReplaySubject.create(bufferSize:)`).
// SwiftSignalKit has no replay subject beyond `Promise`'s one value; this is `Promise` with the value
// widened to a bounded buffer. Unlike `Promise` it may not skip values a subscriber missed while joining,
// so it joins under its state lock and gates the live events behind the replay (`ReplayGate`).
public final class ReplayBuffer<T, E>: @unchecked Sendable {
    struct State {
        var values: ContiguousArray<T> = []
        var terminal: SubjectTerminal<E>?
        init() {}
    }

    public let bufferSize: Int
    let table = SubscriberTable()
    /// Guards the buffered values and the terminal event; a subscriber joins the table under it, so that
    /// no value is put between its reading the buffer and its joining.
    let stateLock = Lock()
    var state = State()

    /// Runs `body` on `state` with `stateLock` held (taken before `state` is touched).
    func withState<Out>(_ body: (inout State) -> Out) -> Out { stateLock.withLock { body(&state) } }

    public init(bufferSize: Int) {
        precondition(bufferSize > 0, "bufferSize must be positive")
        self.bufferSize = bufferSize
    }

    public func putNext(_ value: T) {
        let bufferSize = self.bufferSize
        let entries = withState { state -> ContiguousArray<(key: Int, subscriber: AnyObject)> in
            if state.terminal != nil { return [] }
            if state.values.count == bufferSize { state.values.removeFirst() }
            state.values.append(value)
            return table.snapshot()
        }
        for entry in entries {
            unsafeDowncast(entry.subscriber, to: Subscriber<T, E>.self).putNext(value)
        }
    }

    public func putError(_ error: E) { terminate(.error(error)) }

    public func putCompletion() { terminate(.completed) }

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

    /// The buffered values, then every later event, with no gap and no repeat. The buffer is read and the
    /// subscriber joins in one step under `stateLock` (no put falls between them); the buffer is then
    /// replayed outside the lock while a gate holds back the live events that arrive meanwhile.
    public func get() -> Signal<T, E> {
        Signal<T, E> { subscriber in
            let gate = ReplayGate<T, E>(downstream: subscriber)
            let relay = Subscriber<T, E>(next: gate.next, error: gate.error, completed: gate.completed)
            let joined = self.withState { state -> (values: ContiguousArray<T>, terminal: SubjectTerminal<E>?, key: Int?) in
                if let terminal = state.terminal { return (state.values, terminal, nil) }
                // Not closed: closing happens under this lock, after the terminal event is recorded.
                guard case .added(let key) = self.table.add(relay) else { return (state.values, nil, nil) }
                return (state.values, nil, key)
            }
            gate.replay(joined.values)
            if let terminal = joined.terminal { terminal.put(subscriber) }
            guard let key = joined.key else { return EmptyDisposable }
            return SubjectRemoval(table: self.table, key: key)
        }
    }
}

/// Holds back one new subscriber's live events while its replay is delivered, then passes them through.
final class ReplayGate<T, E>: @unchecked Sendable {
    enum Held {
        case next(T), error(E), completed
    }

    let downstream: Subscriber<T, E>
    /// Guards `replaying` and `held`; never held while `downstream` is called.
    private let lock = Lock()
    private var replaying = true
    private var held: [Held] = []

    init(downstream: Subscriber<T, E>) { self.downstream = downstream }

    /// Delivers `values`, then what arrived meanwhile, until nothing is held; then opens the gate.
    func replay(_ values: ContiguousArray<T>) {
        for value in values { downstream.putNext(value) }
        while true {
            lock.lock()
            if held.isEmpty {
                replaying = false
                lock.unlock()
                return
            }
            let batch = held
            held = []
            lock.unlock()
            for event in batch { deliver(event) }
        }
    }

    func next(_ value: T) { pass(.next(value)) }
    func error(_ error: E) { pass(.error(error)) }
    func completed() { pass(.completed) }

    private func pass(_ event: Held) {
        lock.lock()
        if replaying {
            held.append(event)
            lock.unlock()
            return
        }
        lock.unlock()
        deliver(event)
    }

    private func deliver(_ event: Held) {
        switch event {
        case .next(let value): downstream.putNext(value)
        case .error(let error): downstream.putError(error)
        case .completed: downstream.putCompletion()
        }
    }
}
