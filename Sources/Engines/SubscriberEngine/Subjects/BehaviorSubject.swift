import EngineSupport

/// RACBehaviorSubject: a subject that always has a current value (at first `defaultValue`) and sends it to
/// each new subscriber before the live events.
///
/// RAC registers the subscriber with its RACSubject superclass and then sends the current value through
/// the subscription scheduler. Since RACSubject forgets that it terminated, a late subscriber to a
/// terminated RACBehaviorSubject gets the last value and never a terminal event. This engine's `Subject`
/// remembers its terminal event (Rx's behaviour), and so does this class: a late subscriber gets only the
/// terminal event, as from RxSwift's BehaviorSubject (docs/decisions/completion-rules.md).
///
/// The current value is sent synchronously at subscription, after the lock (RAC schedules it on the
/// subscription scheduler). The subscriber is registered and the value read in one critical section, so
/// it misses nothing; a value sent by another thread meanwhile may reach it before the current value
/// (as with `ReplaySubject`, see docs/decisions/subscriber-reentrancy.md).
public final class BehaviorSubject<Value>: Subscriber, @unchecked Sendable {
    struct State {
        var current: Value
        var subscribers = SubjectSubscribers<Value>()
    }

    /// Guards the current value, the subscriber list and the terminal event; never held while sending.
    let lock = WordLock()
    var state: State

    func withState<R>(_ body: (inout State) -> R) -> R { lock.withLock { body(&state) } }

    public init(defaultValue: Value) {
        self.state = State(current: defaultValue)
    }

    public var signal: RACSignal<Value> {
        .createSignal { [self] subscriber in add(subscriber) }
    }

    /// The current value (RAC keeps it private; the suite's tests read it).
    public var currentValue: Value { withState { $0.current } }

    func add(_ subscriber: PassthroughSubscriber<Value>) -> Disposable? {
        let (current, terminal) = withState { ($0.current, $0.subscribers.add(subscriber)) }
        if let terminal {
            terminal.send(to: subscriber)
            return nil
        }
        subscriber.sendNext(current)
        return Disposable { [weak self] in self?.remove(subscriber) }
    }

    func remove(_ subscriber: PassthroughSubscriber<Value>) {
        // Taken out under the lock, released after it.
        _ = withState { $0.subscribers.remove(subscriber) }
    }

    public func sendNext(_ value: Value) {
        let subscribers = withState { state -> [PassthroughSubscriber<Value>] in
            if state.subscribers.terminal != nil { return [] }
            state.current = value
            return state.subscribers.list
        }
        for subscriber in subscribers { subscriber.sendNext(value) }
    }

    public func sendError(_ error: any Error) { terminate(.error(error)) }

    public func sendCompleted() { terminate(.completed) }

    /// Fed by hand only in this engine, as `Subject`: it keeps nothing.
    public func didSubscribe(with disposable: CompoundDisposable) {}

    func terminate(_ terminal: SubjectSubscribers<Value>.Terminal) {
        for subscriber in withState({ $0.subscribers.terminate(terminal) }) { terminal.send(to: subscriber) }
    }
}
