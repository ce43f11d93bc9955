import Synchronization

/// Replay-last subject: every new subscriber first gets the current value (if any), then the later
/// events. As SwiftSignalKit's `Promise`, it can follow a signal (`set(_:)`); it can also be fed
/// directly, terminal events included (the suite's replay-last subject).
public final class Promise<T, E>: @unchecked Sendable {
    @usableFromInline struct State {
        @usableFromInline var list = SubscriberList<T, E>()
        @usableFromInline var value: T?
        /// Bumped on every value, so that a subscriber replayed outside the lock can tell whether it
        /// missed a newer value before joining the list.
        @usableFromInline var version = 0

        @usableFromInline init(value: T?) { self.value = value }
    }

    /// Guards the subscriber list, the current value and its version.
    @usableFromInline let state: Mutex<State>
    /// The signal followed by `set(_:)`.
    private let followed = MetaDisposable()

    public init(_ value: T? = nil) {
        self.state = Mutex(State(value: value))
    }

    deinit {
        followed.dispose()
    }

    @inlinable
    public func putNext(_ value: T) {
        let entries = state.withLock { state -> ContiguousArray<(key: Int, subscriber: Subscriber<T, E>)> in
            if state.list.terminal != nil { return [] }
            state.value = value
            state.version &+= 1
            return state.list.entries
        }
        for entry in entries { entry.subscriber.putNext(value) }
    }

    public func putError(_ error: E) {
        let entries = state.withLock { $0.list.terminate(.error(error)) }
        for entry in entries { entry.subscriber.putError(error) }
    }

    public func putCompletion() {
        let entries = state.withLock { $0.list.terminate(.completed) }
        for entry in entries { entry.subscriber.putCompletion() }
    }

    /// Follows `signal`: its values become this promise's values (SwiftSignalKit's `Promise.set`).
    public func set(_ signal: Signal<T, E>) {
        followed.set(signal.start(next: { [weak self] in self?.putNext($0) }))
    }

    /// The current value, then every later one.
    @inlinable
    public func get() -> Signal<T, E> {
        Signal<T, E> { subscriber in
            var seen = -1
            while true {
                // Replay outside the lock; join the list only if no newer value arrived meanwhile.
                let step = self.state.withLock { state -> (replay: T?, key: Int?, terminal: SubscriberList<T, E>.Terminal?) in
                    if state.version == seen {
                        if let terminal = state.list.terminal { return (nil, nil, terminal) }
                        return (nil, state.list.add(subscriber), nil)
                    }
                    seen = state.version
                    return (state.value, nil, nil)
                }
                if let key = step.key { return SubjectRemoval(subject: self, key: key) }
                if let terminal = step.terminal {
                    terminal.put(subscriber)
                    return EmptyDisposable
                }
                if let replay = step.replay { subscriber.putNext(replay) }
                if subscriber.isTerminated { return EmptyDisposable }
            }
        }
    }
}

extension Promise: SubjectRemovable {
    @usableFromInline
    func remove(_ key: Int) {
        let removed = state.withLock { $0.list.remove(key) }
        _ = removed
    }
}
