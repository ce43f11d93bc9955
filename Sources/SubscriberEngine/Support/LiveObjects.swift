#if DEBUG
import Synchronization
#endif

/// Live engine objects (subscribers, disposables, per-subscription operator state), for the leak checks: the count returns to its start after every
/// subscription ends. Counted in debug builds only; release builds carry no counter and no token.
public enum LiveObjects {
    /// The count, or nil in a build that does not count (release).
    public static var current: Int? {
        #if DEBUG
        count
        #else
        nil
        #endif
    }

    #if DEBUG
    // Guards nothing but itself: one counter, updated from any thread.
    private static let counter = Atomic<Int>(0)

    public static var count: Int { counter.load(ordering: .acquiring) }

    /// Counts the object that stores it for as long as that object lives. A counted class declares
    /// `private let liveObject = LiveObjects.Token()` under `#if DEBUG`; its initialisers and deinit need
    /// nothing more, and a subclass is counted once, by its base.
    struct Token: ~Copyable {
        init() { counter.add(1, ordering: .relaxed) }
        deinit { counter.subtract(1, ordering: .relaxed) }
    }
    #endif
}
