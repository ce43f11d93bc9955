import LockWait
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
struct SpinLock: ~Copyable, @unchecked Sendable {
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
}
#else
/// A one-word lock for the short critical sections of this engine (state transitions, never a call
/// out). Built on an inlined `Atomic` rather than `Synchronization.Mutex`, whose lock lives in the
/// uninstrumented standard library on Linux, so ThreadSanitizer cannot see its happens-before edges and
/// reports every guarded access as a race. Uncontended: one compare-exchange to take, one store to give
/// back. Contended: spins, yields, then sleeps in short naps (`LockWait`).
///
/// The guarded value is a `var` of the owning class, declared next to the lock and marked
/// `@exclusivity(unchecked)` because the lock, not the runtime, makes its accesses exclusive (a dependency
/// build, EXCLUSIVITY_CHECKED, keeps the check, as SwiftSignalKit does). Each owner
/// has a `withX { }` helper that takes the lock *before* it begins the access to `x` (passing `&x` to a
/// generic `withLock` would begin the formal access before locking, which ThreadSanitizer rightly
/// reports).
struct SpinLock: ~Copyable, @unchecked Sendable {
    /// 0: free, 1: held.
    let word = Atomic<Int>(0)

    init() {}

    func lock() {
        if word.compareExchange(expected: 0, desired: 1, successOrdering: .acquiring, failureOrdering: .relaxed).exchanged {
            return
        }
        lockContended()
    }

    func lockContended() {
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

    func unlock() {
        word.store(0, ordering: .releasing)
    }
}
#endif
