import Synchronization

/// The receiving end of one subscription: the next, error and completion handlers and a terminated flag.
///
/// Locking (docs/decisions/signal-subscriber-locking.md): the handlers are immutable (`let`) from
/// `init` to `deinit`, so `putNext` reads them without a lock and without retaining them; the only
/// per-event synchronisation is one relaxed load of `terminated`. The first terminal event or `dispose()`
/// wins an atomic exchange on `terminated`; the winner alone calls the terminal handler and disposes
/// upstream. Handlers are released when the subscriber itself is released, which happens when the
/// stage above drops it at termination (upstream is disposed, and every producer in this engine
/// forgets its subscriber when disposed): a `putNext` racing a dispose on another thread may still be
/// running a handler, so the handlers can never be freed underneath it.
///
/// A subscriber is also the disposable that `start` returns (SwiftSignalKit wraps it in a separate
/// `SubscriberDisposable`; here one object serves both, one allocation less per stage).
public final class Subscriber<T, E>: Disposable, @unchecked Sendable {
    @usableFromInline let next: (T) -> Void
    @usableFromInline let error: (E) -> Void
    @usableFromInline let completed: () -> Void

    /// Set once, by the first terminal event or dispose; read (relaxed) by every `putNext`.
    @usableFromInline let terminated = Atomic<Bool>(false)

    /// Where the disposable of the subscription above stands.
    @usableFromInline enum Upstream {
        /// The generator has not returned it yet.
        case pending
        /// Held until termination or dispose.
        case attached(Disposable)
        /// Terminated or disposed: anything attached from now on is disposed at once.
        case released
    }

    /// Guards the upstream disposable (taken on attach and on termination, never per event).
    @usableFromInline let upstream = Mutex<Upstream>(.pending)

    @inlinable
    public init(
        next: @escaping (T) -> Void = { _ in },
        error: @escaping (E) -> Void = { _ in },
        completed: @escaping () -> Void = {}
    ) {
        self.next = next
        self.error = error
        self.completed = completed
        #if DEBUG
        LiveObjects.created()
        #endif
    }

    deinit {
        #if DEBUG
        LiveObjects.destroyed()
        #endif
    }

    /// True once a terminal event was put or the subscription was disposed.
    @inlinable public var isTerminated: Bool { terminated.load(ordering: .relaxed) }

    @inlinable @inline(__always)
    public func putNext(_ value: T) {
        // Relaxed is enough: the handler is immutable and was published with the subscriber itself.
        if !terminated.load(ordering: .relaxed) {
            next(value)
        }
    }

    @inlinable
    public func putError(_ value: E) {
        if terminated.exchange(true, ordering: .acquiringAndReleasing) { return }
        error(value)
        releaseUpstream()
    }

    @inlinable
    public func putCompletion() {
        if terminated.exchange(true, ordering: .acquiringAndReleasing) { return }
        completed()
        releaseUpstream()
    }

    /// Ends the subscription: nothing is delivered that starts after this returns, and upstream is
    /// disposed. Idempotent, any thread, also during delivery.
    @inlinable
    public func dispose() {
        terminated.store(true, ordering: .releasing)
        releaseUpstream()
    }

    /// Called by `Signal.start` with what the generator returned.
    @inlinable
    func attach(_ disposable: Disposable) {
        if disposable === EmptyDisposable { return }
        let alreadyReleased = upstream.withLock { slot -> Bool in
            if case .released = slot { return true }
            slot = .attached(disposable)
            return false
        }
        if alreadyReleased { disposable.dispose() }
    }

    /// Takes the upstream disposable out (breaking the subscriber <-> upstream cycle) and disposes it.
    @inlinable
    func releaseUpstream() {
        let taken = upstream.withLock { slot -> Disposable? in
            switch slot {
            case .attached(let disposable):
                slot = .released
                return disposable
            case .pending:
                slot = .released
                return nil
            case .released:
                return nil
            }
        }
        taken?.dispose()
    }
}
