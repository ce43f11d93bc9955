import Synchronization

/// The subscribers of a subject, type-erased to `AnyObject` so that this class is not generic: a
/// subscription's removal (`SubjectRemoval.dispose`, reached through `any Disposable`) then runs
/// specialised code instead of generic code that instantiates metadata at runtime. `Pipe` and
/// `Promise` store `Subscriber<T, E>` objects here and cast them back with `unsafeDowncast`.
public final class SubscriberTable: @unchecked Sendable {
    @usableFromInline struct State {
        @usableFromInline var entries: ContiguousArray<(key: Int, subscriber: AnyObject)> = []
        @usableFromInline var nextKey = 0
        /// Bumped by every value of a replaying subject (see `Promise.get`).
        @usableFromInline var version = 0
        /// The subject has put its terminal event: nothing joins any more.
        @usableFromInline var closed = false
        @usableFromInline init() {}
    }

    /// Guards the entries, the key counter, the version and the closed flag.
    @usableFromInline let stateLock = SpinLock()
    @exclusivity(unchecked) @usableFromInline var state = State()

    /// Runs `body` on `state` with `stateLock` held (taken before `state` is touched).
    @inlinable
    func withState<Out>(_ body: (inout State) throws -> Out) rethrows -> Out {
        stateLock.lock()
        defer { stateLock.unlock() }
        return try body(&state)
    }

    @usableFromInline init() {}

    /// The current subscribers, or none once closed. A retain of the buffer, no element copies.
    @inlinable
    func snapshot(bumpingVersion: Bool = false) -> ContiguousArray<(key: Int, subscriber: AnyObject)> {
        withState { state in
            if state.closed { return [] }
            if bumpingVersion { state.version &+= 1 }
            return state.entries
        }
    }

    @inlinable
    func currentVersion() -> Int {
        withState { $0.version }
    }

    /// Joins, unless closed or (when `version` is given) a newer value was put meanwhile.
    @inlinable
    func add(_ subscriber: AnyObject, ifVersion version: Int? = nil) -> AddResult {
        withState { state in
            if state.closed { return .closed }
            if let version, version != state.version { return .stale(state.version) }
            let key = state.nextKey
            state.nextKey += 1
            state.entries.append((key, subscriber))
            return .added(key)
        }
    }

    @usableFromInline enum AddResult {
        case added(Int)
        case closed
        case stale(Int)
    }

    /// Closes the table and hands out every subscriber (none if it was already closed).
    @inlinable
    func close() -> ContiguousArray<(key: Int, subscriber: AnyObject)> {
        withState { state in
            if state.closed { return [] }
            state.closed = true
            let entries = state.entries
            state.entries = []
            return entries
        }
    }

    @usableFromInline
    func remove(_ key: Int) {
        // The removed subscriber is released after unlocking: its deinit may run engine code.
        let removed = withState { state -> AnyObject? in
            guard let index = state.entries.firstIndex(where: { $0.key == key }) else { return nil }
            return state.entries.remove(at: index).subscriber
        }
        _ = removed
    }
}

/// Removes one subscriber from its subject's table on dispose. Holds the table weakly, so that a
/// subject nobody else holds is not kept alive by its subscriptions.
@usableFromInline
final class SubjectRemoval: Disposable, @unchecked Sendable {
    @usableFromInline weak var table: SubscriberTable?
    @usableFromInline let key: Int

    @inlinable init(table: SubscriberTable, key: Int) {
        self.table = table
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
    func dispose() { table?.remove(key) }
}

/// A subject's terminal event.
@usableFromInline
enum SubjectTerminal<E> {
    case error(E)
    case completed

    @inlinable
    func put<T>(_ subscriber: Subscriber<T, E>) {
        switch self {
        case .error(let error): subscriber.putError(error)
        case .completed: subscriber.putCompletion()
        }
    }
}
