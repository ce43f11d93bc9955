import Synchronization

/// What the three subjects share: an observer list, an optional replay buffer, and serial delivery.
///
/// A subject is an observable and an observer. As in RxSwift, it is not a producer in the Producer/Sink
/// sense: subscribing runs no `run`, makes no sink and no `SinkDisposer` and does not enter the trampoline
/// (RxSwift's subjects override `subscribe`; here they take `Producer`'s sinkless path); the subscription is
/// the `SubjectSubscription` itself. Observers are kept in a `Bag`, RxSwift's container.
///
/// RxSwift takes the subject's lock to update its state and snapshot the observers, then delivers
/// without it, relying on senders to serialise their calls. This engine serialises delivery itself: the
/// thread that finds the subject idle delivers, and events or subscriptions that arrive meanwhile (from
/// other threads, or re-entrantly from an observer) are queued and carried out by it in order. A
/// subscription queued behind events is registered, and given the buffer, only when the drain reaches it:
/// it then sees the subject as those events left it, as RxSwift's re-entrant `onNext` would have delivered
/// them before the `subscribe` that follows it in the observer's code.
public class SubjectBase<Element>: Producer<Element> {
    /// Work waiting for the delivering thread.
    enum Pending {
        case event(Event<Element>)
        /// A subscription made while another thread or an outer call was delivering.
        case register(SubjectSubscription<Element>)
    }

    /// What to deliver, decided under the lock and carried out after unlocking.
    enum Delivery {
        case none
        case broadcast(Bag<SubjectSubscription<Element>>, Event<Element>)
        case replay(SubjectSubscription<Element>, [Element], stop: Event<Element>?)
    }

    struct State {
        /// Subscribed observers.
        var observers = Bag<SubjectSubscription<Element>>()
        /// The terminal event once received; afterwards new subscribers get it (after the replay).
        var stopEvent: Event<Element>?
        /// The latest `capacity` values, oldest first.
        var buffer: [Element] = []
        /// A thread is delivering; new work goes to `pending`.
        var busy = false
        /// A FIFO queue: `pending[pendingHead...]` waits. Taking from the head moves the index instead of
        /// shifting the array (`removeFirst()` made a drain quadratic in the queue's length, which concurrent
        /// senders grow to thousands of events); the delivered part is dropped once it is half the array.
        /// Emptied when the drain ends, so `pending.isEmpty` means nothing waits whenever no drain runs.
        var pending: [Pending] = []
        var pendingHead = 0
    }

    private let capacity: Int
    private let replaysAfterStop: Bool
    // Guards the observer list, the buffer, the terminal event and the delivery queue; never held
    // while an observer runs.
    let lock = SpinLock()
    var guarded: State

    @inline(__always)
    final func withState<R>(_ body: (inout State) -> R) -> R {
        lock.withLock { body(&guarded) }
    }

    init(capacity: Int, initial: [Element], replaysAfterStop: Bool) {
        self.capacity = capacity
        self.replaysAfterStop = replaysAfterStop
        var initialState = State()
        initialState.buffer = initial
        self.guarded = initialState
        super.init(subscribe: { (subject: SubjectBase<Element>, observer) in subject.register(observer) })
    }

    // MARK: Observer side

    /// Sends `event` to every current subscriber. Events after a terminal event are ignored.
    ///
    /// The common case (no other delivery in progress) takes the lock twice: once to apply the event
    /// and take the observer list, once to leave the delivering role.
    public final func on(_ event: Event<Element>) {
        lock.lock()
        if guarded.busy {
            guarded.pending.append(.event(event))
            lock.unlock()
            return
        }
        if guarded.stopEvent != nil {
            lock.unlock()
            return
        }
        guarded.busy = true
        // The snapshot, taken once: copied in each branch, it was copied twice.
        let observers = guarded.observers
        switch event {
        case .next(let element):
            if capacity > 0 {
                if guarded.buffer.count == capacity { guarded.buffer.removeFirst() }
                guarded.buffer.append(element)
            }
        case .error, .completed:
            guarded.stopEvent = event
            guarded.observers.removeAll()
        }
        lock.unlock()

        observers.forEach { $0.deliver(event) }

        lock.lock()
        if guarded.pending.isEmpty {
            guarded.busy = false
            lock.unlock()
            return
        }
        lock.unlock()
        drain()
    }

    public final func onNext(_ element: Element) { on(.next(element)) }
    public final func onError(_ error: Swift.Error) { on(.error(error)) }
    public final func onCompleted() { on(.completed) }

    /// `true` while at least one observer is subscribed.
    public final var hasObservers: Bool { withState { !$0.observers.isEmpty } }

    // MARK: Internals

    private func apply(_ event: Event<Element>, to state: inout State) -> Delivery {
        if state.stopEvent != nil { return .none }
        switch event {
        case .next(let element):
            if capacity > 0 {
                if state.buffer.count == capacity { state.buffer.removeFirst() }
                state.buffer.append(element)
            }
            return .broadcast(state.observers, event)
        case .error, .completed:
            state.stopEvent = event
            let observers = state.observers
            state.observers.removeAll()
            return .broadcast(observers, event)
        }
    }

    private func deliver(_ delivery: Delivery) {
        switch delivery {
        case .none:
            break
        case .broadcast(let observers, let event):
            observers.forEach { $0.deliver(event) }
        case .replay(let observer, let elements, let stop):
            for element in elements { observer.deliver(.next(element)) }
            if let stop { observer.deliver(stop) }
        }
    }

    /// Delivers queued work, then leaves the delivering role.
    private func drain() {
        while true {
            let next: Delivery? = withState { state in
                if state.pendingHead == state.pending.count {
                    state.pending.removeAll(keepingCapacity: true)
                    state.pendingHead = 0
                    state.busy = false
                    return nil
                }
                let first = state.pending[state.pendingHead]
                state.pendingHead += 1
                if state.pendingHead >= 64, state.pendingHead * 2 >= state.pending.count {
                    // Release what was delivered; amortised O(1), as the moved rest is at most the taken part.
                    state.pending.removeFirst(state.pendingHead)
                    state.pendingHead = 0
                }
                switch first {
                case .event(let event):
                    return apply(event, to: &state)
                case .register(let subscription):
                    return register(subscription, in: &state)
                }
            }
            guard let next else { return }
            deliver(next)
        }
    }

    /// Registers `subscription` with the subject as `state` is now: what it replays, or its terminal event.
    /// A subscription disposed before its turn came is not registered.
    private func register(_ subscription: SubjectSubscription<Element>, in state: inout State) -> Delivery {
        if subscription.isDisposed { return .none }
        if let stop = state.stopEvent {
            return .replay(subscription, replaysAfterStop ? state.buffer : [], stop: stop)
        }
        subscription.key = state.observers.insert(subscription)
        return state.buffer.isEmpty ? .none : .replay(subscription, state.buffer, stop: nil)
    }

    /// Registers `observer` (unless stopped) and replays the buffer to it, in order with other delivery: while
    /// another delivery runs, the registration waits its turn in the queue.
    private func register(_ observer: AnyObserver<Element>) -> Disposable {
        let subscription = SubjectSubscription(subject: self, observer: observer)
        let delivery: Delivery = withState { state in
            if state.busy, state.stopEvent == nil {
                state.pending.append(.register(subscription))
                return .none
            }
            let delivery = register(subscription, in: &state)
            if case .replay(_, _, stop: nil) = delivery { state.busy = true }
            return delivery
        }
        switch delivery {
        case .none:
            break
        case .replay(_, _, let stop) where stop != nil:
            deliver(delivery)
        default:
            deliver(delivery)
            drain()
        }
        return subscription
    }

    func unregister(_ subscription: SubjectSubscription<Element>) {
        let removed: SubjectSubscription<Element>? = withState { state in
            guard let key = subscription.key else { return nil }
            return state.observers.removeKey(key)
        }
        _ = removed  // released after unlocking
    }
}

/// One observer of a subject; disposing it unsubscribes, and silences it at once (also mid-delivery).
public final class SubjectSubscription<Element>: Disposable {
    #if SINK_LOCKED
    // RxSwift's subscription holds its subject weakly (Disposables/SubscriptionDisposable.swift:9-11):
    // forming the first weak reference to a subject allocates the subject's side table, and dispose loads
    // the reference. The lean engine holds the subject strongly until dispose releases it.
    private weak var subject: SubjectBase<Element>?
    #else
    private var subject: SubjectBase<Element>?
    #endif
    private let observer: AnyObserver<Element>
    // Guards `subject` (released by the first `dispose()`), and silences delivery once set.
    private let disposed = Atomic<Bool>(false)
    /// Key in the subject's bag; set under the subject's lock when the bag takes it (never, if the subject
    /// had already stopped).
    var key: BagKey?

    #if DEBUG
    private let liveObject = LiveObjects.Token()
    #endif

    init(subject: SubjectBase<Element>, observer: AnyObserver<Element>) {
        self.subject = subject
        #if SINK_LOCKED
        // RxSwift's subjects keep `observer.on`, a partial application of the generic observer's method
        // (Subjects/PublishSubject.swift:108, BehaviorSubject.swift:120, ReplaySubject.swift:159): a context
        // per subscription, and a call through it before the observer's own for every event. The lean engine
        // keeps the observer's closure as it is.
        self.observer = AnyObserver { observer.on($0) }
        #else
        self.observer = observer
        #endif
    }

    @inline(__always)
    func deliver(_ event: Event<Element>) {
        if disposed.load(ordering: .relaxed) { return }
        observer.on(event)
    }

    /// Whether `dispose()` has begun; read under the subject's lock before a queued registration.
    var isDisposed: Bool { disposed.load(ordering: .acquiring) }

    public func dispose() {
        if disposed.exchange(true, ordering: .acquiringAndReleasing) { return }
        let subject = self.subject
        self.subject = nil
        subject?.unregister(self)
    }
}
