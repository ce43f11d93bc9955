#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import EngineSupport
import Synchronization

/// The identity of the calling thread, as a non-zero integer.
@inline(__always)
func currentThreadID() -> UInt {
    #if canImport(Darwin)
    return UInt(bitPattern: pthread_self())
    #else
    return UInt(pthread_self())
    #endif
}

/// A recursive, unfair lock: the `@synchronized (self)` of RACSubscriber.
///
/// The whole lock is one word holding the owning thread's id (0 when free), so the uncontended path is one
/// compare-and-swap to take it and one releasing store to give it back; re-entry by the owner costs a
/// failed compare-and-swap and no bookkeeping (the outermost frame releases). A contended acquirer spins,
/// yields, then sleeps in short naps (`LockWait`). Contention only arises when two threads deliver to the
/// same subscriber at once, which RAC's contract says does not happen.
///
/// It is a non-copyable struct so that it lives inline in its owner (no allocation per subscriber).
struct RecursiveLock: ~Copyable {
    /// The owner's thread id, 0 when free.
    let owner = Atomic<UInt>(0)

    init() {}

    /// Runs `body` holding the lock; re-entrant on the owning thread.
    @inline(__always)
    func withLock(_ body: () -> Void) {
        let me = currentThreadID()
        let (taken, holder) = owner.compareExchange(
            expected: 0, desired: me, successOrdering: .acquiring, failureOrdering: .relaxed)
        if taken {
            body()
            owner.store(0, ordering: .releasing)
        } else if holder == me {
            // Re-entry from inside delivery on this thread: the outer frame still holds the lock.
            body()
        } else {
            lockSlow(me)
            body()
            owner.store(0, ordering: .releasing)
        }
    }

    @inline(never)
    private func lockSlow(_ me: UInt) {
        // Busy-wait a little: most critical sections are one delivery.
        for _ in 0..<64 {
            if owner.load(ordering: .relaxed) == 0,
                owner.compareExchange(expected: 0, desired: me, successOrdering: .acquiring, failureOrdering: .relaxed)
                    .exchanged
            {
                return
            }
        }
        LockWait.acquire {
            owner.load(ordering: .relaxed) == 0
                && owner.compareExchange(expected: 0, desired: me, successOrdering: .acquiring, failureOrdering: .relaxed)
                    .exchanged
        }
    }
}
