import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `signal-locked` (docs/decisions/fidelity.md): SwiftSignalKit's `Subscriber` (Subscriber.swift), locked as
/// the library locks it. A `pthread_mutex_t` stored inline guards the handlers, `terminated` and the
/// upstream disposable. `putNext` takes it, copies the `next` handler out (a retain) unless terminated,
/// unlocks and calls the copy; a terminal event or `dispose()` takes it, sets `terminated`, nils the three
/// handlers and takes the upstream disposable out, and calls the handler and disposes upstream after
/// unlocking; a completion first takes the three handlers out, as the library's (`putCompletion`). No
/// handler runs under the mutex. `start` wraps the subscriber in a `SubscriberDisposable`, as the library's
/// does (Signal.swift). Telegram's current `assignDisposable` also makes a `WrappedSubscriberDisposable` per
/// start, which the subscriber holds weakly, and its `SubscriberDisposable` holds the subscriber weakly; the fork
/// has neither, and the variant still follows the fork there, a departure from the `swiftsignalkit` row
/// (Telegram's own files) that README's fidelity section measures.
public final class Subscriber<T, E>: Disposable, @unchecked Sendable {
    // Guards `nextHandler`, `errorHandler`, `completedHandler`, `terminated` and `upstream`; never held
    // while a handler runs or upstream is disposed. Stored inline and passed by address, as SwiftSignalKit
    // does; the mutex, not the runtime's exclusivity check, makes the accesses exclusive.
    private var mutex = pthread_mutex_t()
    private var nextHandler: ((T) -> Void)?
    private var errorHandler: ((E) -> Void)?
    private var completedHandler: (() -> Void)?
    private var terminated = false
    private var upstream: Disposable?

    #if DEBUG
    private let liveObject = LiveObjects.Token()
    #endif

    public init(
        next: @escaping (T) -> Void = { _ in },
        error: @escaping (E) -> Void = { _ in },
        completed: @escaping () -> Void = {}
    ) {
        self.nextHandler = next
        self.errorHandler = error
        self.completedHandler = completed
        pthread_mutex_init(&mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(&mutex)
    }

    /// True once a terminal event was put or the subscription was disposed.
    public var isTerminated: Bool {
        pthread_mutex_lock(&mutex)
        let result = terminated
        pthread_mutex_unlock(&mutex)
        return result
    }

    @inline(__always)
    public func putNext(_ value: T) {
        pthread_mutex_lock(&mutex)
        let action = terminated ? nil : nextHandler
        pthread_mutex_unlock(&mutex)
        action?(value)
    }

    public func putError(_ value: E) {
        pthread_mutex_lock(&mutex)
        if terminated {
            pthread_mutex_unlock(&mutex)
            return
        }
        let action = errorHandler
        let taken = terminate()
        pthread_mutex_unlock(&mutex)
        action?(value)
        taken?.dispose()
    }

    public func putCompletion() {
        pthread_mutex_lock(&mutex)
        if terminated {
            pthread_mutex_unlock(&mutex)
            return
        }
        let action = completedHandler
        // As the library's `putCompletion` (Subscriber.swift:99-141 at the pinned fork, the same in Telegram's):
        // the three handlers are taken out under the mutex and kept alive past it by `withExtendedLifetime`
        // (:124-132). Handing a function value to that generic function reabstracts it: one thunk context
        // allocated per handler, three allocations per completion, which the library pays here too.
        let next = nextHandler
        let error = errorHandler
        let completed = completedHandler
        let taken = terminate()
        pthread_mutex_unlock(&mutex)
        if let next { withExtendedLifetime(next, {}) }
        if let error { withExtendedLifetime(error, {}) }
        if let completed { withExtendedLifetime(completed, {}) }
        action?()
        taken?.dispose()
    }

    /// Ends the subscription: nothing is delivered that starts after this returns, and upstream is
    /// disposed. Idempotent, any thread, also during delivery.
    public func dispose() {
        pthread_mutex_lock(&mutex)
        if terminated {
            pthread_mutex_unlock(&mutex)
            return
        }
        let taken = terminate()
        pthread_mutex_unlock(&mutex)
        taken?.dispose()
    }

    /// What `SubscriberDisposable` calls (the library's `markTerminatedWithoutDisposal`): delivery ends and the
    /// handlers are dropped; upstream is left to the caller, which disposes it. The subscriber lets go of it, as
    /// Telegram's does (its Subscriber.swift, `freeDisposable`), where the pinned fork keeps it
    /// (Subscriber.swift:48-57): an operator's state is often both what the generator returned and a holder of
    /// the subscriber, and kept, the two would keep each other alive.
    func markTerminatedWithoutDisposal() {
        pthread_mutex_lock(&mutex)
        if !terminated {
            terminated = true
            nextHandler = nil
            errorHandler = nil
            completedHandler = nil
        }
        let released = upstream.take()
        pthread_mutex_unlock(&mutex)
        // Released here, after unlocking, as Telegram's `withExtendedLifetime(freeDisposableValue, {})`.
        withExtendedLifetime(released) {}
    }

    /// With the mutex held: marks the subscriber terminated, drops its handlers, takes upstream out.
    private func terminate() -> Disposable? {
        terminated = true
        nextHandler = nil
        errorHandler = nil
        completedHandler = nil
        return upstream.take()
    }

    /// Called by `Signal.start` with what the generator returned (SwiftSignalKit's `assignDisposable`).
    /// If the subscription already ended, the disposable is disposed at once.
    func attach(_ disposable: Disposable) {
        if disposable === EmptyDisposable { return }
        pthread_mutex_lock(&mutex)
        if terminated {
            pthread_mutex_unlock(&mutex)
            disposable.dispose()
            return
        }
        upstream = disposable
        pthread_mutex_unlock(&mutex)
    }
}
