import EngineSupport

/// RACSubject: a hot signal you send to by hand; each event goes to the subscribers present at the time.
///
/// RACSubject is a RACSignal subclass; here `RACSignal` is one final class (for specialisation), so the
/// subject exposes its signal through `signal`. Unlike RACSubject, a terminated subject remembers its
/// terminal event and sends it to later subscribers (Rx's behaviour), so they do not wait forever.
public final class Subject<Value>: Subscriber, @unchecked Sendable {
    struct State {
        var subscribers = SubjectSubscribers<Value>()
    }

    /// Guards the subscriber list and the terminal event; never held while sending.
    let lock = WordLock()
    var state = State()

    func withState<R>(_ body: (inout State) -> R) -> R { lock.withLock { body(&state) } }

    public init() {}

    /// The subject as a signal: subscribing adds the subscription's subscriber to the list.
    public var signal: RACSignal<Value> {
        .createSignal { [self] subscriber in add(subscriber) }
    }

    func add(_ subscriber: PassthroughSubscriber<Value>) -> Disposable? {
        if let terminal = withState({ $0.subscribers.add(subscriber) }) {
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
        #if SUBSCRIBER_LOCKED
        // RACSubject copies its subscriber array under its lock for every event (RACSubject.m:80-89): one
        // allocation, as `[NSArray copy]`.
        let subscribers = withState { state -> [PassthroughSubscriber<Value>] in
            guard state.subscribers.terminal == nil else { return [] }
            var copy: [PassthroughSubscriber<Value>] = []
            copy.reserveCapacity(state.subscribers.list.count)
            copy.append(contentsOf: state.subscribers.list)
            return copy
        }
        #else
        // A snapshot of the list: a retain, no copy (the array is copied only if a removal races).
        let subscribers = withState { $0.subscribers.terminal == nil ? $0.subscribers.list : [] }
        #endif
        for subscriber in subscribers { subscriber.sendNext(value) }
    }

    public func sendError(_ error: any Error) { terminate(.error(error)) }

    public func sendCompleted() { terminate(.completed) }

    /// RACSubject ties the subscriptions it is fed from to its own lifetime; this engine feeds subjects
    /// by hand only, so it keeps nothing.
    public func didSubscribe(with disposable: CompoundDisposable) {}

    func terminate(_ terminal: SubjectSubscribers<Value>.Terminal) {
        for subscriber in withState({ $0.subscribers.terminate(terminal) }) { terminal.send(to: subscriber) }
    }
}
