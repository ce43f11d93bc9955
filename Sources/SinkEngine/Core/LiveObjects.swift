#if DEBUG
import Synchronization

/// Live engine objects (sinks, inner iterators, subject subscriptions, per-subscription disposables),
/// for leak checks in debug builds. The `SinkDisposer` a subscriber holds is not counted. Compiled out
/// of release builds, so measured code never touches the counter.
public enum LiveObjects {
    // Guards nothing but itself: a plain counter updated from any thread.
    private static let counter = Atomic<Int>(0)

    public static var count: Int { counter.load(ordering: .acquiring) }

    @inline(__always)
    static func increment() { counter.add(1, ordering: .relaxed) }

    @inline(__always)
    static func decrement() { counter.subtract(1, ordering: .relaxed) }
}
#endif
