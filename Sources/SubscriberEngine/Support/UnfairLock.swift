#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// A one-word unfair lock for the short critical sections of disposables (a few loads and stores, never a
/// call out): one compare-and-swap to take, one releasing store to give back, spin-then-yield under
/// contention. Cheaper than `Mutex` where disposables are touched per event (the bind-derived operators add
/// and remove a disposable for every value) and on the dispose path.
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
        var spins = 0
        while true {
            if word.load(ordering: .relaxed) == 0,
                word.compareExchange(expected: 0, desired: 1, successOrdering: .acquiring, failureOrdering: .relaxed)
                    .exchanged
            {
                return
            }
            spins += 1
            if spins >= 64 { sched_yield() }
        }
    }
}
