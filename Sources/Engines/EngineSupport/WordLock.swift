import Synchronization

/// The engines' lean lock: a test-and-set lock on one atomic byte, for short critical sections (a few loads
/// and stores, never a call out). Stored inline in its owner, it allocates nothing, like `os_unfair_lock`.
/// Uncontended: one compare-exchange to take, one releasing store to give back. Contended: spins, then
/// waits as `LockWait` says (yields, then short naps) rather than burn its time slice.
///
/// Why not `Synchronization.Mutex`: on Linux its futex calls live in the uninstrumented standard library, so
/// ThreadSanitizer cannot see its happens-before edges and reports every critical section as a race; the
/// suite must be clean under `--sanitize=thread`. Atomics are instrumented.
///
/// Inlinable, so that every engine build inlines the fast path as it would a lock of its own, also the
/// variants built as a package dependency is (without cross-module optimisation).
@frozen
public struct WordLock: ~Copyable, @unchecked Sendable {
    // Guards nothing itself: 0 free, 1 held.
    @usableFromInline let word = Atomic<UInt8>(0)

    @inlinable
    public init() {}

    @inlinable @inline(__always)
    public func lock() {
        if !word.compareExchange(expected: 0, desired: 1, successOrdering: .acquiring, failureOrdering: .relaxed)
            .exchanged
        {
            lockContended()
        }
    }

    @inlinable @inline(__always)
    public func unlock() {
        word.store(0, ordering: .releasing)
    }

    /// Runs `body` holding the lock. Critical sections never call out, so `body` cannot throw: nothing
    /// needs unlocking on an error path.
    @inlinable @inline(__always)
    public func withLock<Result>(_ body: () -> Result) -> Result {
        lock()
        let result = body()
        unlock()
        return result
    }

    @usableFromInline @inline(never)
    func lockContended() {
        for _ in 0..<64 {
            if tryLock() { return }
        }
        LockWait.acquire { tryLock() }
    }

    /// Takes the lock if it is free: a relaxed load first, so that waiters read the word rather than
    /// bounce its cache line with failing exchanges.
    @usableFromInline
    func tryLock() -> Bool {
        word.load(ordering: .relaxed) == 0
            && word.compareExchange(expected: 0, desired: 1, successOrdering: .acquiring, failureOrdering: .relaxed)
                .exchanged
    }
}
