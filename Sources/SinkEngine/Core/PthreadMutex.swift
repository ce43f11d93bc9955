#if SINK_LOCKED
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `sink-locked`'s lock: what Foundation's `NSLock` and `NSRecursiveLock` are on Linux, a class holding a
/// separately allocated `pthread_mutex_t` (two allocations per lock), locked and unlocked with
/// `pthread_mutex_lock`/`pthread_mutex_unlock`. It parks under contention and ThreadSanitizer sees it.
/// (Subclassing `NSLock` itself, as RxSwift's `AtomicInt` does, is refused by Swift 6.3 in the Swift 5
/// language mode the engines use; the calls into Foundation that it would add are one direct call each.)
/// Each owner's comment says what it guards.
class PthreadMutex: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    init(recursive: Bool) {
        mutex = .allocate(capacity: 1)
        if recursive {
            var attributes = pthread_mutexattr_t()
            pthread_mutexattr_init(&attributes)
            pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
            pthread_mutex_init(mutex, &attributes)
            pthread_mutexattr_destroy(&attributes)
        } else {
            pthread_mutex_init(mutex, nil)
        }
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    @inline(__always)
    final func lock() { pthread_mutex_lock(mutex) }

    @inline(__always)
    final func unlock() { pthread_mutex_unlock(mutex) }
}
#endif
