#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import LockWait
import Synchronization

/// A one-word unfair lock for the short critical sections of disposables (a few loads and stores, never a
/// call out): one compare-and-swap to take, one releasing store to give back; under contention it spins,
/// yields, then sleeps in short naps (`LockWait`). Cheaper than `Mutex` where disposables are touched per
/// event (the bind-derived operators add and remove a disposable for every value) and on the dispose path.
struct UnfairLock: ~Copyable {
    /// 0 when free, 1 when held.
    private let word = Atomic<UInt8>(0)

    init() {}

    @inline(__always)
    func withLock<Result>(_ body: () -> Result) -> Result {
        if !word.compareExchange(expected: 0, desired: 1, successOrdering: .acquiring, failureOrdering: .relaxed)
            .exchanged
        {
            lockSlow()
        }
        let result = body()
        word.store(0, ordering: .releasing)
        return result
    }

    @inline(never)
    private func lockSlow() {
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
}
