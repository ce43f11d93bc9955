import LockWait
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

#if SINK_LOCKED
/// `sink-locked`: RxSwift's `SpinLock`, which despite its name is `RecursiveLock`, a typealias of
/// `NSRecursiveLock` (Platform/RecursiveLock.swift, Rx.swift): a recursive pthread mutex, allocated with its
/// owner, that parks under contention. Each owner's comment says what it guards.
struct SpinLock: ~Copyable {
    private let mutex = PthreadMutex(recursive: true)

    init() {}

    @inline(__always)
    func lock() { mutex.lock() }

    @inline(__always)
    func unlock() { mutex.unlock() }

    @inline(__always)
    func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }
}
#else
/// A test-and-set lock on one atomic word, for the engine's short critical sections (a few loads and
/// stores, never a call out).
///
/// Why not `Synchronization.Mutex`: on Linux its futex calls live in the uninstrumented standard
/// library, so ThreadSanitizer cannot see its happens-before edges and reports every critical section
/// as a race; the suite must be clean under `--sanitize=thread`. Atomics are instrumented. Like
/// `os_unfair_lock`, it is one word stored inline: it allocates nothing. Under contention it spins, yields,
/// then sleeps in short naps (`LockWait`) rather than burn its time slice.
struct SpinLock: ~Copyable {
    // Guards nothing itself: 0 free, 1 held.
    private let word = Atomic<UInt8>(0)

    init() {}

    @inline(__always)
    func lock() {
        if !word.compareExchange(expected: 0, desired: 1, successOrdering: .acquiring, failureOrdering: .relaxed)
            .exchanged
        {
            lockContended()
        }
    }

    @inline(never)
    private func lockContended() {
        for _ in 0..<64 {
            if word.load(ordering: .relaxed) == 0,
                word.compareExchange(expected: 0, desired: 1, successOrdering: .acquiring, failureOrdering: .relaxed)
                    .exchanged
            {
                return
            }
        }
        LockWait.acquire {
            word.load(ordering: .relaxed) == 0
                && word.compareExchange(expected: 0, desired: 1, successOrdering: .acquiring, failureOrdering: .relaxed)
                    .exchanged
        }
    }

    @inline(__always)
    func unlock() {
        word.store(0, ordering: .releasing)
    }

    @inline(__always)
    func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }
}
#endif
