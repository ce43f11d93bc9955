import CFutex
import Synchronization

/// A lock word that parks its waiters in the kernel and wakes one on release (Drepper's futex mutex):
/// 0 free, 1 held, 2 held with possible sleepers. The caller takes it with one compare-and-swap 0 -> 1 and
/// spins inline first; `lockContended` is the rest. Release is an atomic exchange (to learn whether anyone
/// sleeps) where the napping lock stores (docs/decisions/parking-lock.md, design 4).
public enum FutexWord {
    @inline(never)
    public static func lockContended(_ word: borrowing Atomic<UInt32>) {
        while word.exchange(2, ordering: .acquiring) != 0 {
            withUnsafePointer(to: word) { address in
                rxbench_futex_wait(UnsafeRawPointer(address).assumingMemoryBound(to: UInt32.self), 2)
            }
        }
    }

    @inline(__always)
    public static func unlock(_ word: borrowing Atomic<UInt32>) {
        if word.exchange(0, ordering: .releasing) == 2 { wakeOne(word) }
    }

    @inline(never)
    static func wakeOne(_ word: borrowing Atomic<UInt32>) {
        withUnsafePointer(to: word) { address in
            rxbench_futex_wake_one(UnsafeRawPointer(address).assumingMemoryBound(to: UInt32.self))
        }
    }
}
