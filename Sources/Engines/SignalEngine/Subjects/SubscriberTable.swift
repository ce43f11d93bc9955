import Synchronization

/// The subscribers of a subject, type-erased to `AnyObject` so that this class is not generic: a
/// subscription's removal (`SubjectRemoval.dispose`, reached through `any Disposable`) then runs
/// specialised code instead of generic code that instantiates metadata at runtime. `Pipe` and
/// `Promise` store `Subscriber<T, E>` objects here and cast them back with `unsafeDowncast`.
public final class SubscriberTable: @unchecked Sendable {
    struct State {
        var entries: ContiguousArray<(key: Int, subscriber: AnyObject)> = []
        var nextKey = 0
        /// Bumped by every value of a replaying subject (see `Promise.get`).
        var version = 0
        /// The subject has put its terminal event: nothing joins any more.
        var closed = false
        init() {}
    }

    /// Guards the entries, the key counter, the version and the closed flag.
    let stateLock = Lock()
    var state = State()

    /// Runs `body` on `state` with `stateLock` held (taken before `state` is touched).
    func withState<Out>(_ body: (inout State) -> Out) -> Out { stateLock.withLock { body(&state) } }

    init() {}

    /// The current subscribers, or none once closed. A retain of the buffer, no element copies.
    func snapshot(bumpingVersion: Bool = false) -> ContiguousArray<(key: Int, subscriber: AnyObject)> {
        withState { state in
            if state.closed { return [] }
            if bumpingVersion { state.version &+= 1 }
            return state.entries
        }
    }

    func currentVersion() -> Int {
        withState { $0.version }
    }

    /// Joins, unless closed or (when `version` is given) a newer value was put meanwhile.
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

    enum AddResult {
        case added(Int)
        case closed
        case stale(Int)
    }

    /// Closes the table and hands out every subscriber (none if it was already closed).
    func close() -> ContiguousArray<(key: Int, subscriber: AnyObject)> {
        withState { state in
            if state.closed { return [] }
            state.closed = true
            let entries = state.entries
            state.entries = []
            return entries
        }
    }

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
final class SubjectRemoval: Disposable, @unchecked Sendable {
    weak var table: SubscriberTable?
    let key: Int

    #if DEBUG
    private let liveObject = LiveObjects.Token()
    #endif

    init(table: SubscriberTable, key: Int) {
        self.table = table
        self.key = key
    }

    func dispose() { table?.remove(key) }
}

/// A subject's terminal event.
enum SubjectTerminal<E> {
    case error(E)
    case completed

    func put<T>(_ subscriber: Subscriber<T, E>) {
        switch self {
        case .error(let error): subscriber.putError(error)
        case .completed: subscriber.putCompletion()
        }
    }
}
