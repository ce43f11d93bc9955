#if DEBUG
import Synchronization

/// Live engine objects (subscribers, disposables, per-subscription operator state), counted in debug
/// builds only so that leak checks can assert the count returns to its start after a subscription ends.
public enum LiveObjects {
    /// One counter for every kind of engine object; incremented in `init`, decremented in `deinit`.
    static let counter = Atomic<Int>(0)

    public static var count: Int { counter.load(ordering: .acquiring) }
}
#endif

/// Records the creation of an engine object (compiled out of release builds).
@inline(__always)
func liveObjectCreated() {
    #if DEBUG
    LiveObjects.counter.wrappingAdd(1, ordering: .relaxed)
    #endif
}

/// Records the destruction of an engine object (compiled out of release builds).
@inline(__always)
func liveObjectDestroyed() {
    #if DEBUG
    LiveObjects.counter.wrappingSubtract(1, ordering: .relaxed)
    #endif
}
