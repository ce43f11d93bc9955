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
/// `os_unfair_lock`, it is one word stored inline: it allocates nothing. Under contention it yields the
/// processor after a short spin instead of sleeping in the kernel.
struct SpinLock: ~Copyable {
    // Guards nothing itself: `true` while some thread holds the lock.
    private let locked = Atomic<Bool>(false)

    init() {}

    @inline(__always)
    func lock() {
        var spins = 0
        while !locked.compareExchange(
            expected: false, desired: true, successOrdering: .acquiring, failureOrdering: .relaxed
        ).exchanged {
            spins += 1
            if spins > 64 {
                sched_yield()
                spins = 0
            }
        }
    }

    @inline(__always)
    func unlock() {
        locked.store(false, ordering: .releasing)
    }

    @inline(__always)
    func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }
}
#endif
