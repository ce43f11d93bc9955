import Foundation

/// The engines' live-object counters are process-wide, and Swift Testing runs suites in parallel. Tests
/// that check the counters' balance, and tests that run many engine subscriptions, take this lock so that
/// one suite's live objects never show up in another's balance.
public enum EngineExclusivity {
    // Guards nothing but the right to run engines while a live-object balance is being checked.
    private static let lock = NSLock()

    public static func run<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}
