import Synchronization

/// Replay-last subject: every new subscriber first gets the current value (if any), then the later
/// events. As SwiftSignalKit's `Promise`, it can follow a signal (`set(_:)`); it can also be fed
/// directly, terminal events included (the suite's replay-last subject). SwiftSignalKit's `Promise`
/// never terminates; here a subscriber that comes after the terminal event gets the current value and
/// then that event (RxSwift's ReplaySubject(1)), unless `replaysValueAfterTermination` is false, in
/// which case it gets only the terminal event (the behaviour of `ValuePromise`, built on this class).
public final class Promise<T, E>: @unchecked Sendable {
    struct State {
        var value: T?
        var terminal: SubjectTerminal<E>?
        init(value: T?) { self.value = value }
    }

    let table = SubscriberTable()
    /// Guards the current value and the terminal event. The table's version is bumped inside this
    /// lock, so (value, version) pairs read under it are consistent.
    let stateLock = Lock()
    var state: State

    /// Runs `body` on `state` with `stateLock` held (taken before `state` is touched).
    func withState<Out>(_ body: (inout State) -> Out) -> Out { stateLock.withLock { body(&state) } }
    /// Guards the subscription to the signal followed by `set(_:)` (a subject-lifetime object, not
    /// counted in `LiveObjects`, hence no `MetaDisposable`).
    private let followedLock = Lock()
    private var followed: Disposable? = nil

    /// Runs `body` on `followed` with `followedLock` held (taken before `followed` is touched).
    @inline(__always) private
    func withFollowed<Out>(_ body: (inout Disposable?) -> Out) -> Out { followedLock.withLock { body(&followed) } }

    /// Whether a subscriber that comes after the terminal event gets the current value before it.
    let replaysValueAfterTermination: Bool

    public init(_ value: T? = nil) {
        self.state = State(value: value)
        self.replaysValueAfterTermination = true
    }

    init(_ value: T?, replaysValueAfterTermination: Bool) {
        self.state = State(value: value)
        self.replaysValueAfterTermination = replaysValueAfterTermination
    }

    deinit {
        withFollowed { $0 }?.dispose()
    }

    public func putNext(_ value: T) {
        let entries = withState { state -> ContiguousArray<(key: Int, subscriber: AnyObject)> in
            if state.terminal != nil { return [] }
            state.value = value
            return table.snapshot(bumpingVersion: true)
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

    /// Follows `signal`: its values become this promise's values (SwiftSignalKit's `Promise.set`).
    public func set(_ signal: Signal<T, E>) {
        let disposable = signal.start(next: { [weak self] in self?.putNext($0) })
        let previous = withFollowed { followed -> Disposable? in
            let previous = followed
            followed = disposable
            return previous
        }
        previous?.dispose()
    }

    /// The current value, then every later one. The value is replayed outside the lock; the
    /// subscriber joins only if no newer value was put meanwhile (else the newer one is replayed),
    /// so it never sees an older value after a newer one.
    public func get() -> Signal<T, E> {
        Signal<T, E> { subscriber in
            var current = self.withState { ($0.value, self.table.currentVersion(), $0.terminal) }
            while true {
                if let terminal = current.2, !self.replaysValueAfterTermination {
                    terminal.put(subscriber)
                    return EmptyDisposable
                }
                if let value = current.0 { subscriber.putNext(value) }
                if subscriber.isTerminated { return EmptyDisposable }
                switch self.table.add(subscriber, ifVersion: current.1) {
                case .added(let key):
                    return SubjectRemoval(table: self.table, key: key)
                case .closed:
                    self.withState { $0.terminal }?.put(subscriber)
                    return EmptyDisposable
                case .stale:
                    current = self.withState { ($0.value, self.table.currentVersion(), $0.terminal) }
                }
            }
        }
    }
}
