#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// How `WordLock` waits when it finds the lock taken, after its inline spin: yield, then sleep in the
/// kernel in short naps, so that with more runnable threads than cores a waiter stops taking processor
/// time from the holder (docs/decisions/parking-lock.md).
///
/// The naps are not woken by the holder: a lock whose release wakes sleepers must learn at release whether
/// any sleep, which takes an atomic read-modify-write (or a full fence) on every unlock where a releasing
/// store suffices now. Measured on ContendedMerge (docs/decisions/parking-lock.md), waking parked waiters
/// on release made `signal` about 3x slower than spin-then-yield; these naps left every row where it was.
/// On ContendedSubject (sends with concurrent subscribe and dispose) a futex lock woken on release did no
/// better than these naps on any row.
public enum LockWait {
    /// Attempts while yielding before the first nap (the caller has spun already, inline: a short critical
    /// section is usually over within the spin; a holder that lost its core usually gets it back within the
    /// yields).
    static let yields = 16
    /// One nap: long against a critical section of a few loads and stores, short against a time slice.
    static let napNanoseconds = 50_000

    /// The contended path of a lock after its inline spin: `tryTake` (take the free lock, or report that it
    /// is held) between yields, then between naps, until it succeeds.
    @inline(never)
    public static func acquire(trying tryTake: () -> Bool) {
        for _ in 0..<yields {
            sched_yield()
            if tryTake() { return }
        }
        var nap = timespec(tv_sec: 0, tv_nsec: napNanoseconds)
        while !tryTake() {
            nanosleep(&nap, nil)
        }
    }
}
