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
/// A subscriber is also the disposable that `start` returns. SwiftSignalKit's `start` makes more: the fork a
/// `SubscriberDisposable` beside the subscriber, Telegram's also a `WrappedSubscriberDisposable` and two weak
/// references, up to four allocations per stage (docs/decisions/fidelity.md); here one object serves.
public final class Subscriber<T, E>: Disposable, @unchecked Sendable {
    let next: (T) -> Void
    let error: (E) -> Void
    let completed: () -> Void

    /// Bit `terminatedBit`: set once, by the first terminal event or dispose; read (relaxed) by every
    /// `putNext`. Bit `attachedBit`: `upstream` has been written by `attach`. Whoever sets the second
    /// of the two bits disposes upstream: the terminator if it finds `attachedBit`, else `attach`.
    let state = Atomic<Int>(0)
    static var terminatedBit: Int { 1 }
    static var attachedBit: Int { 2 }

    /// The disposable of the subscription above. Written once by `attach` before it sets
    /// `attachedBit` (releasing); read and cleared once by the side that disposes it, after its
    /// read-modify-write of `state` saw both bits (acquiring). Never touched by two threads at once.
    var upstream: Disposable?

    #if DEBUG
    private let liveObject = LiveObjects.Token()
    #endif

    public init(
        next: @escaping (T) -> Void = { _ in },
        error: @escaping (E) -> Void = { _ in },
        completed: @escaping () -> Void = {}
    ) {
        self.next = next
        self.error = error
        self.completed = completed
    }

    /// True once a terminal event was put or the subscription was disposed.
    public var isTerminated: Bool { state.load(ordering: .relaxed) & Self.terminatedBit != 0 }

    @inline(__always)
    public func putNext(_ value: T) {
        // Relaxed is enough: the handler is immutable and was published with the subscriber itself.
        if state.load(ordering: .relaxed) & Self.terminatedBit == 0 {
            next(value)
        }
    }

    public func putError(_ value: E) {
        let previous = state.bitwiseOr(Self.terminatedBit, ordering: .acquiringAndReleasing).oldValue
        if previous & Self.terminatedBit != 0 { return }
        error(value)
        if previous & Self.attachedBit != 0 { disposeUpstream() }
    }

    public func putCompletion() {
        let previous = state.bitwiseOr(Self.terminatedBit, ordering: .acquiringAndReleasing).oldValue
        if previous & Self.terminatedBit != 0 { return }
        completed()
        if previous & Self.attachedBit != 0 { disposeUpstream() }
    }

    /// Ends the subscription: nothing is delivered that starts after this returns, and upstream is
    /// disposed. Idempotent, any thread, also during delivery.
    public func dispose() {
        let previous = state.bitwiseOr(Self.terminatedBit, ordering: .acquiringAndReleasing).oldValue
        if previous & Self.terminatedBit != 0 { return }
        if previous & Self.attachedBit != 0 { disposeUpstream() }
    }

    /// Called by `Signal.start` with what the generator returned. If the subscription already ended
    /// (a synchronous terminal event inside the generator), the disposable is disposed at once.
    func attach(_ disposable: Disposable) {
        if disposable === EmptyDisposable { return }
        upstream = disposable
        let previous = state.bitwiseOr(Self.attachedBit, ordering: .acquiringAndReleasing).oldValue
        if previous & Self.terminatedBit != 0 { disposeUpstream() }
    }

    /// Takes the upstream disposable out (breaking the subscriber <-> upstream cycle) and disposes it.
    /// Runs at most once: only the side that set the second bit gets here.
    func disposeUpstream() {
        let taken = upstream
        upstream = nil
        taken?.dispose()
    }
}
