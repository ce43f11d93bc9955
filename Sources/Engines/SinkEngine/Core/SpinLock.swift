import EngineSupport
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

#if SINK_LOCKED
// CoreFoundation first: see AtomicInt.swift.
import CoreFoundation
import Foundation

/// `sink-locked`: RxSwift's `SpinLock`, which despite its name is `RecursiveLock`, a typealias of
/// `NSRecursiveLock` (Platform/RecursiveLock.swift:33, RxSwift/Concurrency/Lock.swift): on Linux an object
/// around a separately allocated recursive pthread mutex, made with its owner, that parks under contention.
/// Each owner's comment says what it guards.
struct SpinLock: ~Copyable {
    private let mutex = NSRecursiveLock()

    init() {}

    @inline(__always)
    func lock() { mutex.lock() }

    @inline(__always)
    func unlock() { mutex.unlock() }

    @inline(__always)
    func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }
}
#else
/// RxSwift names its lock `SpinLock`; here it is the engines' lean one-word lock (Sources/Engines/EngineSupport).
typealias SpinLock = WordLock
#endif
