import Synchronization

/// An engine's count of its live objects, for the leak checks: the count returns to its start after every
/// subscription ends. Each engine declares its own (`LiveObjects`), so that engines tested in one process
/// never count each other's objects, and counts in debug builds only.
public protocol LiveObjectCount {
    /// The engine's counter; a `static let` of the engine's `LiveObjects`.
    static var counter: LiveObjectCounter { get }
}

extension LiveObjectCount {
    /// The count, or nil in a build that does not count (release).
    public static var current: Int? {
        #if DEBUG
        count
        #else
        nil
        #endif
    }

    public static var count: Int { counter.value.load(ordering: .acquiring) }
}

/// The counter behind a `LiveObjectCount`; updated from any thread.
public final class LiveObjectCounter: Sendable {
    // Guards nothing but itself.
    let value = Atomic<Int>(0)

    public init() {}
}

/// Counts the object that stores it for as long as that object lives. A counted class declares
/// `private let liveObject = LiveObjects.Token()` under `#if DEBUG`; its initialisers and deinit need nothing
/// more, and a subclass is counted once, by its base. It stores nothing: the engine is its type.
public struct LiveObjectToken<Engine: LiveObjectCount>: ~Copyable {
    public init() { Engine.counter.value.add(1, ordering: .relaxed) }
    deinit { Engine.counter.value.subtract(1, ordering: .relaxed) }
}
