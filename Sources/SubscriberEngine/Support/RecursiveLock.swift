#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ParkingLot
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
/// compare-and-swap to take it and one exchange to give it back; re-entry by the owner costs a failed
/// compare-and-swap and no bookkeeping (the outermost frame releases). A contended acquirer spins briefly,
/// then parks (`ParkingLot`); it first sets the word's low bit (thread ids are aligned pointers, so the bit
/// is free) so that the holder's release wakes it. Contention only arises when two threads deliver to the
/// same subscriber at once, which RAC's contract says does not happen.
///
/// It is a non-copyable struct so that it lives inline in its owner (no allocation per subscriber).
struct RecursiveLock: ~Copyable {
    /// The owner's thread id, 0 when free; the low bit set: a waiter may be parked.
    let owner = Atomic<UInt>(0)

    private static let waitersMark: UInt = 1

    init() {}

    /// Runs `body` holding the lock; re-entrant on the owning thread.
    @inline(__always)
    func withLock(_ body: () -> Void) {
        let me = currentThreadID()
        let (taken, holder) = owner.compareExchange(
            expected: 0, desired: me, successOrdering: .acquiring, failureOrdering: .relaxed)
        if taken {
            body()
            release()
        } else if holder & ~Self.waitersMark == me {
            // Re-entry from inside delivery on this thread: the outer frame still holds the lock.
            body()
        } else {
            lockSlow(me)
            body()
            release()
        }
    }

    @inline(__always)
    private func release() {
        if owner.exchange(0, ordering: .releasing) & Self.waitersMark != 0 { ParkingLot.unparkAll() }
    }

    @inline(never)
    private func lockSlow(_ me: UInt) {
        assert(me & Self.waitersMark == 0, "thread ids are aligned pointers; the low bit is the waiters mark")
        // Busy-wait a little: most critical sections are one delivery.
        for _ in 0..<64 {
            if owner.load(ordering: .relaxed) == 0,
                owner.compareExchange(
                    expected: 0, desired: me, successOrdering: .acquiring, failureOrdering: .relaxed
                ).exchanged
            {
                return
            }
        }
        ParkingLot.park { takeOrMark(me) }
    }

    /// Takes the lock (marked: another waiter may still be parked) or marks the holder's word; false when it
    /// marked, so that the caller may sleep.
    private func takeOrMark(_ me: UInt) -> Bool {
        while true {
            let current = owner.load(ordering: .relaxed)
            if current == 0 {
                if owner.compareExchange(
                    expected: 0, desired: me | Self.waitersMark, successOrdering: .acquiring, failureOrdering: .relaxed
                ).exchanged { return true }
            } else if current & Self.waitersMark != 0 {
                return false
            } else if owner.compareExchange(
                expected: current, desired: current | Self.waitersMark, successOrdering: .relaxed,
                failureOrdering: .relaxed
            ).exchanged {
                return false
            }
        }
    }
}
