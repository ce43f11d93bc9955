#if DEBUG
import Synchronization

/// Live engine objects created per subscription (subscribers, disposables, operator state), for the
/// leak checks of the conformance suite. Debug builds only: release builds carry no counter at all.
public enum LiveObjects {
    /// Incremented in every counted initialiser, decremented in the matching deinit.
    static let counter = Atomic<Int>(0)

    public static var count: Int { counter.load(ordering: .relaxed) }

    static func created() { counter.add(1, ordering: .relaxed) }
    static func destroyed() { counter.subtract(1, ordering: .relaxed) }
}
#endif
