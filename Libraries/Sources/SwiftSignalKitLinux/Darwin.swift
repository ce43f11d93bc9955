#if !canImport(Darwin)
import Foundation

// What SwiftSignalKit's files use from Darwin, for Linux. Compiled into the SwiftSignalKit module (see
// Libraries/Package.swift) because the library's files name these unqualified and are not edited.

/// Darwin's `os_unfair_lock` is a word that parks its waiters in the kernel. glibc's default mutex, which a
/// zero-filled `pthread_mutex_t` is, does the same (an uncontended lock is one atomic instruction, a waiter
/// sleeps on a futex), so the library's `os_unfair_lock()` and the lock and unlock calls map onto it.
public typealias os_unfair_lock = pthread_mutex_t

@inline(__always)
public func os_unfair_lock_lock(_ lock: UnsafeMutablePointer<os_unfair_lock>) {
    pthread_mutex_lock(lock)
}

@inline(__always)
public func os_unfair_lock_unlock(_ lock: UnsafeMutablePointer<os_unfair_lock>) {
    pthread_mutex_unlock(lock)
}

/// Core Foundation's clock, in seconds since 2001-01-01 (the library's timeouts take differences of it).
public func CFAbsoluteTimeGetCurrent() -> Double {
    Date().timeIntervalSinceReferenceDate
}
#endif
