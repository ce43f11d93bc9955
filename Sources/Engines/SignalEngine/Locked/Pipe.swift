import Synchronization

/// `signal-locked`: SwiftSignalKit's hot subject, `ValuePipe` (ValuePipe.swift:3-38, the same in Telegram's
/// SwiftSignalKit and at the pinned fork), with the terminal events the suite's publish subject needs added.
/// As the library's: the subscriptions are a bag of closures, one `{ subscriber.putNext($0) }` per
/// subscription (`:12-15`), inside an `Atomic` object (`:4`); `putNext` copies the closures out under its
/// lock and calls each (`:31-38`); the signal and the removal hold the pipe weakly, the removal is an
/// `ActionDisposable` (`:10`, `:18-24`). The terminal event, which `ValuePipe` has not, is the lean pipe's:
/// taken once, given to the subscribers present and to every later one. The lean pipe keeps the
/// subscribers themselves in a `SubscriberTable` and calls them directly.
public final class Pipe<T, E>: @unchecked Sendable {
    /// The library's `Bag<(T) -> Void>` (Bag.swift:15-86): an object of its own inside the `Atomic`, its
    /// items and keys in the order the subscriptions joined. Reached only inside `subscriptions.modify`, whose
    /// mutex guards it.
    final class Bag {
        var nextKey = 0
        var handlers: [(T) -> Void] = []
        var keys: [Int] = []
    }

    struct Subscriptions {
        let bag = Bag()
        /// The subscribers, at the same index as their closures, for the terminal event: the one array the
        /// library has not (one allocation when the first subscription joins).
        var subscribers: [Subscriber<T, E>] = []
        var terminal: SubjectTerminal<E>? = nil
    }

    private let subscriptions = AtomicState(Subscriptions())

    public init() {}

    public func putNext(_ value: T) {
        let handlers = subscriptions.modify { $0.bag.handlers }
        for handler in handlers {
            handler(value)
        }
    }

    public func putError(_ error: E) { terminate(.error(error)) }

    public func putCompletion() { terminate(.completed) }

    func terminate(_ event: SubjectTerminal<E>) {
        let present = subscriptions.modify { state -> [Subscriber<T, E>] in
            if state.terminal != nil { return [] }
            state.terminal = event
            let present = state.subscribers
            state.bag.handlers = []
            state.bag.keys = []
            state.subscribers = []
            return present
        }
        for subscriber in present {
            event.put(subscriber)
        }
    }

    /// The signal of this pipe's events.
    public func signal() -> Signal<T, E> {
        Signal<T, E> { [weak self] subscriber in
            guard let self else { return EmptyDisposable }
            let key = self.subscriptions.modify { state -> Int? in
                if state.terminal != nil { return nil }
                let key = state.bag.nextKey
                state.bag.nextKey += 1
                state.bag.handlers.append { subscriber.putNext($0) }
                state.bag.keys.append(key)
                state.subscribers.append(subscriber)
                return key
            }
            guard let key else {
                self.subscriptions.modify { $0.terminal }?.put(subscriber)
                return EmptyDisposable
            }
            return ActionDisposable { [weak self] in
                self?.remove(key)
            }
        }
    }

    private func remove(_ key: Int) {
        // Removed under the lock, as the library's `Bag.remove` is (Bag.swift:44-54). Releasing the entry there
        // runs no subscriber's deinit: the removal runs inside the subscriber's own dispose, which holds it.
        subscriptions.modify { state in
            guard let index = state.bag.keys.firstIndex(of: key) else { return }
            state.bag.keys.remove(at: index)
            state.bag.handlers.remove(at: index)
            state.subscribers.remove(at: index)
        }
    }
}
