import Synchronization

#if SINK_LOCKED
// CoreFoundation before Foundation, as RxSwift's Platform/AtomicInt.swift:9-13 imports them: without it, Swift 6.3
// in the Swift 5 language mode cannot load `NSLock`'s members and refuses the subclass.
import CoreFoundation
import Foundation

/// `sink-locked`: RxSwift 6's `AtomicInt` (Platform/AtomicInt.swift:15-20), a `final class` that subclasses
/// `NSLock` and keeps its value beside the lock; every operation, a plain load included, locks and unlocks.
/// On Linux `NSLock` wraps a heap-allocated `pthread_mutex_t`: two allocations per lock. The orderings are
/// accepted for the lean build's API and ignored: the mutex orders everything. The lock guards `value` and
/// nothing else; it is never held while calling out.
final class AtomicInt<Value>: NSLock, @unchecked Sendable {
    // Guarded by the lock (`self`).
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    @inline(__always)
    func load(ordering: AtomicLoadOrdering) -> Value {
        lock()
        let current = value
        unlock()
        return current
    }

    @inline(__always)
    func store(_ newValue: Value, ordering: AtomicStoreOrdering) {
        lock()
        value = newValue
        unlock()
    }

    @inline(__always)
    func exchange(_ newValue: Value, ordering: AtomicUpdateOrdering) -> Value {
        lock()
        let old = value
        value = newValue
        unlock()
        return old
    }
}

extension AtomicInt where Value == Int {
    /// RxSwift's `fetchOr`.
    @inline(__always)
    func bitwiseOr(_ mask: Int, ordering: AtomicUpdateOrdering) -> (oldValue: Int, newValue: Int) {
        lock()
        let old = value
        value = old | mask
        unlock()
        return (old, old | mask)
    }
}
#else
/// The flags and state words that RxSwift keeps in its `AtomicInt` (an `NSLock` subclass). The lean engine
/// uses a hardware atomic stored inline: no allocation, a plain load for a relaxed read. The variant
/// `sink-locked` compiles RxSwift's lock-based one instead (docs/decisions/fidelity.md).
typealias AtomicInt<Value: AtomicRepresentable> = Atomic<Value>
#endif
