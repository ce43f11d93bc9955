import EngineSupport

/// RACSubject: a hot signal you send to by hand; each event goes to the subscribers present at the time.
///
/// RACSubject is a RACSignal subclass; here `RACSignal` is one final class (for specialisation), so the
/// subject exposes its signal through `signal`. Unlike RACSubject, a terminated subject remembers its
/// terminal event and sends it to later subscribers (Rx's behaviour), so they do not wait forever.
public final class Subject<Value>: Subscriber, @unchecked Sendable {
    enum Terminal {
        case completed
        case error(any Error)
    }

    struct State {
        var subscribers: [PassthroughSubscriber<Value>] = []
        var terminal: Terminal?
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
        let terminal = withState { state -> Terminal? in
            if let terminal = state.terminal { return terminal }
            state.subscribers.append(subscriber)
            return nil
        }
        if let terminal {
            send(terminal, to: subscriber)
            return nil
        }
        return Disposable { [weak self] in self?.remove(subscriber) }
    }

    func remove(_ subscriber: PassthroughSubscriber<Value>) {
        // Taken out under the lock, released after it.
        let removed = withState { state -> PassthroughSubscriber<Value>? in
            guard let index = state.subscribers.firstIndex(where: { $0 === subscriber }) else { return nil }
            return state.subscribers.remove(at: index)
        }
        _ = removed
    }

    public func sendNext(_ value: Value) {
        #if SUBSCRIBER_LOCKED
        // RACSubject copies its subscriber array under its lock for every event (RACSubject.m:80-89): one
        // allocation, as `[NSArray copy]`.
        let subscribers = withState { state -> [PassthroughSubscriber<Value>] in
            guard state.terminal == nil else { return [] }
            var copy: [PassthroughSubscriber<Value>] = []
            copy.reserveCapacity(state.subscribers.count)
            copy.append(contentsOf: state.subscribers)
            return copy
        }
        #else
        // A snapshot of the list: a retain, no copy (the array is copied only if a removal races).
        let subscribers = withState { $0.terminal == nil ? $0.subscribers : [] }
        #endif
        for subscriber in subscribers { subscriber.sendNext(value) }
    }

    public func sendError(_ error: any Error) { terminate(.error(error)) }

    public func sendCompleted() { terminate(.completed) }

    /// RACSubject ties the subscriptions it is fed from to its own lifetime; this engine feeds subjects
    /// by hand only, so it keeps nothing.
    public func didSubscribe(with disposable: CompoundDisposable) {}

    func terminate(_ terminal: Terminal) {
        let subscribers = withState { state -> [PassthroughSubscriber<Value>] in
            if state.terminal != nil { return [] }
            state.terminal = terminal
            defer { state.subscribers = [] }
            return state.subscribers
        }
        for subscriber in subscribers { send(terminal, to: subscriber) }
    }

    func send(_ terminal: Terminal, to subscriber: PassthroughSubscriber<Value>) {
        switch terminal {
        case .completed: subscriber.sendCompleted()
        case .error(let error): subscriber.sendError(error)
        }
    }
}
