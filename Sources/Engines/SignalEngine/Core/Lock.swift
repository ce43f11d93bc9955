import EngineSupport
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

#if SIGNAL_LOCKED
/// `signal-locked`: SwiftSignalKit's lock, a `pthread_mutex_t` (its `Lock`, `Atomic`, `ActionDisposable`,
/// `MetaDisposable`, `DisposableSet` and bags each hold one). It parks under contention and ThreadSanitizer
/// sees it. SwiftSignalKit stores the mutex inline in its owner; this struct cannot hand out a stable
/// address of an inline field, so the mutex is allocated: one allocation per owner more than the library
/// (stated in docs/decisions/fidelity.md). Each owner's comment says what it guards.
struct Lock: ~Copyable, @unchecked Sendable {
    let mutex: UnsafeMutablePointer<pthread_mutex_t>

    init() {
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    func lock() { pthread_mutex_lock(mutex) }

    func unlock() { pthread_mutex_unlock(mutex) }

    /// Runs `body` holding the mutex; as `WordLock.withLock`, critical sections never call out or throw.
    @inline(__always)
    func withLock<Result>(_ body: () -> Result) -> Result {
        lock()
        let result = body()
        unlock()
        return result
    }
}
#else
/// SwiftSignalKit's `Lock` and the mutex in each of its owners; here the engines' lean one-word lock
/// (Sources/Engines/EngineSupport).
///
/// The guarded value is a `var` of the owning class, declared next to the lock. The engine's module skips the
/// runtime's exclusivity check (`-enforce-exclusivity=unchecked`, Package.swift) because the lock, not the
/// runtime, makes the accesses exclusive; a dependency build keeps the check, as SwiftSignalKit's does. Each
/// owner has a one-line `withX { }` helper, `lock.withLock { body(&x) }`: the access to `x` begins inside the
/// locked closure, after the lock is taken (passing `&x` as an argument to a generic function would begin the
/// formal access before locking, which ThreadSanitizer rightly reports).
typealias Lock = WordLock
#endif
