import EngineSupport

/// RACReplaySubject: a subject that remembers the last `capacity` values (and the terminal event) and
/// sends them to each new subscriber before the live events, also after the terminal event.
/// `ReplaySubject(capacity: 1, initial: x)` is the suite's replay-last flavour; `BehaviorSubject` is the
/// one that replays nothing once terminated.
///
/// RAC replays while holding the subject's lock; here the buffer is copied under the lock and replayed
/// after it (no lock is held while calling out). The subscriber is registered in the same critical
/// section, so it misses nothing; a value sent by another thread during the replay may reach it before
/// the end of the replay (see docs/decisions/subscriber-reentrancy.md).
public final class ReplaySubject<Value>: Subscriber, @unchecked Sendable {
    struct State {
        var values: [Value] = []
        var subscribers = SubjectSubscribers<Value>()
    }

    public let capacity: Int
    /// Guards the buffer, the subscriber list and the terminal event; never held while sending.
    let lock = WordLock()
    var state: State

    func withState<R>(_ body: (inout State) -> R) -> R { lock.withLock { body(&state) } }

    public init(capacity: Int = .max, initial: Value? = nil) {
        self.capacity = max(capacity, 1)
        var state = State()
        if let initial { state.values.append(initial) }
        self.state = state
    }

    public var signal: RACSignal<Value> {
        .createSignal { [self] subscriber in add(subscriber) }
    }

    func add(_ subscriber: PassthroughSubscriber<Value>) -> Disposable? {
        let (replay, terminal) = withState { ($0.values, $0.subscribers.add(subscriber)) }
        for value in replay {
            if subscriber.isDisposed { break }
            subscriber.sendNext(value)
        }
        if let terminal {
            terminal.send(to: subscriber)
            return nil
        }
        return Disposable { [weak self] in self?.remove(subscriber) }
    }

    func remove(_ subscriber: PassthroughSubscriber<Value>) {
        // Taken out under the lock, released after it.
        _ = withState { $0.subscribers.remove(subscriber) }
    }

    public func sendNext(_ value: Value) {
        let subscribers = withState { state -> [PassthroughSubscriber<Value>] in
            if state.subscribers.terminal != nil { return [] }
            if state.values.count >= capacity { state.values.removeFirst(state.values.count - capacity + 1) }
            state.values.append(value)
            return state.subscribers.list
        }
        for subscriber in subscribers { subscriber.sendNext(value) }
    }

    public func sendError(_ error: any Error) { terminate(.error(error)) }

    public func sendCompleted() { terminate(.completed) }

    public func didSubscribe(with disposable: CompoundDisposable) {}

    func terminate(_ terminal: SubjectSubscribers<Value>.Terminal) {
        for subscriber in withState({ $0.subscribers.terminate(terminal) }) { terminal.send(to: subscriber) }
    }
}
