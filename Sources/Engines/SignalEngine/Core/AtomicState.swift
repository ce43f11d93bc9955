#if SIGNAL_LOCKED
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `signal-locked`: SwiftSignalKit's `Atomic` (Atomic.swift at the pinned fork), where its `take` and
/// `distinctUntilChanged` keep their state (Signal_Take.swift:6-15, Signal_Mapping.swift:84-94, 109-119): an
/// object per subscription, its value read and written under its mutex on every event. The mutex is stored
/// inline, as in Telegram's SwiftSignalKit and in this engine's `Subscriber`; the fork allocates it as an
/// object of its own (SMutexLock.swift). The lean engine keeps this state in an unlocked `StageState`.
final class AtomicState<Value>: @unchecked Sendable {
    // Guards `value`; never held while calling out (the callers act on what `modify` returns).
    private var mutex = pthread_mutex_t()
    private var value: Value

    #if DEBUG
    private let liveObject = LiveObjects.Token()
    #endif

    init(_ value: Value) {
        self.value = value
        pthread_mutex_init(&mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(&mutex)
    }

    @inline(__always)
    func modify<Result>(_ body: (inout Value) -> Result) -> Result {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        return body(&value)
    }
}

extension AtomicState<Bool> {
    /// The library's `Atomic.swap`, for `SignalQueueState.headCompleted`: stores `new` and returns what was
    /// there.
    func swap(_ new: Bool) -> Bool {
        modify { value in
            let old = value
            value = new
            return old
        }
    }
}
#endif
