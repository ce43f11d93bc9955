#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the engines' one-word locks sleep under contention, so that a waiter that has spun briefly parks
/// in the kernel instead of burning its time slice (SPEC: locks park under contention, as os_unfair_lock
/// does). One process-wide pthread mutex and condition variable, which ThreadSanitizer sees: contention is
/// rare and short in these engines, so one queue of sleepers is enough, and an unlock that finds the
/// waiters mark wakes them all; each re-checks its own lock.
///
/// The protocol, for a lock word whose states include "held, and a waiter may be asleep" (the mark):
/// - a waiter calls `park(until:)` with a `tryAcquire` that either takes the lock or sets the mark;
/// - the holder's unlock clears the word and, if the mark was set, calls `unparkAll()`.
/// `tryAcquire` runs with the parking mutex held and the waiter sleeps by releasing it atomically, so an
/// unlock that sees the mark cannot broadcast between a failed attempt and the sleep: no wake-up is lost.
public enum ParkingLot {
    private final class Queue: @unchecked Sendable {
        // Guards no data: it orders each waiter's last attempt and sleep against the holder's broadcast.
        let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        let sleepers = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

        init() {
            pthread_mutex_init(mutex, nil)
            pthread_cond_init(sleepers, nil)
        }
    }

    private static let queue = Queue()

    /// Sleeps until `tryAcquire` returns true. It must return false only after setting its lock's waiters
    /// mark, so that the holder's unlock calls `unparkAll()`.
    public static func park(until tryAcquire: () -> Bool) {
        let queue = queue
        pthread_mutex_lock(queue.mutex)
        while !tryAcquire() {
            pthread_cond_wait(queue.sleepers, queue.mutex)
        }
        pthread_mutex_unlock(queue.mutex)
    }

    /// Wakes every parked waiter. Called by an unlock that found its lock's waiters mark.
    public static func unparkAll() {
        let queue = queue
        pthread_mutex_lock(queue.mutex)
        pthread_cond_broadcast(queue.sleepers)
        pthread_mutex_unlock(queue.mutex)
    }
}
