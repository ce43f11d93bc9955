/// The subscribers of a subject with the subject's terminal event, kept by `Pipe` and `Promise` under
/// their locks. Delivery iterates a copy of `entries` (a retain of the buffer, no copy of elements).
@usableFromInline
struct SubscriberList<T, E> {
    @usableFromInline enum Terminal {
        case error(E)
        case completed
    }

    @usableFromInline var entries: ContiguousArray<(key: Int, subscriber: Subscriber<T, E>)> = []
    @usableFromInline var nextKey = 0
    @usableFromInline var terminal: Terminal?

    @usableFromInline init() {}

    @usableFromInline
    mutating func add(_ subscriber: Subscriber<T, E>) -> Int {
        let key = nextKey
        nextKey += 1
        entries.append((key, subscriber))
        return key
    }

    /// Returns the removed subscriber so that it is released after unlocking.
    @usableFromInline
    mutating func remove(_ key: Int) -> Subscriber<T, E>? {
        guard let index = entries.firstIndex(where: { $0.key == key }) else { return nil }
        return entries.remove(at: index).subscriber
    }

    /// Sets the terminal event and hands out every subscriber, or nothing if already terminated.
    @usableFromInline
    mutating func terminate(_ event: Terminal) -> ContiguousArray<(key: Int, subscriber: Subscriber<T, E>)> {
        if terminal != nil { return [] }
        terminal = event
        let all = entries
        entries = []
        return all
    }
}

extension SubscriberList.Terminal {
    @usableFromInline
    func put(_ subscriber: Subscriber<T, E>) {
        switch self {
        case .error(let error): subscriber.putError(error)
        case .completed: subscriber.putCompletion()
        }
    }
}

/// Removes one subscriber from its subject on dispose. Holds the subject weakly, so that a subject
/// nobody else holds is not kept alive by its subscriptions.
@usableFromInline
final class SubjectRemoval: Disposable, @unchecked Sendable {
    @usableFromInline weak var subject: (any SubjectRemovable)?
    @usableFromInline let key: Int

    @inlinable init(subject: any SubjectRemovable, key: Int) {
        self.subject = subject
        self.key = key
        #if DEBUG
        LiveObjects.created()
        #endif
    }

    deinit {
        #if DEBUG
        LiveObjects.destroyed()
        #endif
    }

    @usableFromInline
    func dispose() { subject?.remove(key) }
}

@usableFromInline
protocol SubjectRemovable: AnyObject {
    func remove(_ key: Int)
}
