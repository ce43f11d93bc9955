import Synchronization

/// The disposable `Producer.subscribe` returns: it joins the sink made by `run` and the subscription to
/// the stage above.
///
/// `run` may end the subscription before it returns (a synchronous source completes, the sink disposes
/// itself), and `dispose()` may come from another thread at any time, so `dispose()` and
/// `setSinkAndSubscription` race. One atomic word settles it: each side sets its bit with one
/// read-modify-write, and whichever side sets its bit second disposes the pair. Nothing else is locked.
public final class SinkDisposer: Cancelable {
    /// Bits of `state`.
    private enum DisposeState {
        /// `dispose()` was called.
        static let disposed = 1
        /// `setSinkAndSubscription` stored the pair.
        static let sinkAndSubscriptionSet = 2
    }

    // Guards the hand-over of `sink` and `subscription` between `setSinkAndSubscription` and `dispose()`.
    private let state = AtomicInt<Int>(0)
    // Written once before `sinkAndSubscriptionSet` is published, read and cleared by the side that
    // disposes; never touched concurrently (see the type comment).
    private var sink: Disposable?
    private var subscription: Disposable?

    // Not counted in `LiveObjects`: the outermost disposer is the handle the subscriber keeps, alive
    // for as long as the subscriber wants; everything it owns (sinks, inner disposables) is counted.
    init() {}

    public var isDisposed: Bool {
        state.load(ordering: .acquiring) & DisposeState.disposed != 0
    }

    func setSinkAndSubscription(sink: Disposable, subscription: Disposable) {
        self.sink = sink
        self.subscription = subscription
        let previous = state.bitwiseOr(
            DisposeState.sinkAndSubscriptionSet, ordering: .acquiringAndReleasing
        ).oldValue
        precondition(previous & DisposeState.sinkAndSubscriptionSet == 0, "sink and subscription set twice")
        if previous & DisposeState.disposed != 0 {
            disposePair()
        }
    }

    public func dispose() {
        let previous = state.bitwiseOr(DisposeState.disposed, ordering: .acquiringAndReleasing).oldValue
        if previous & DisposeState.disposed != 0 { return }
        if previous & DisposeState.sinkAndSubscriptionSet != 0 {
            disposePair()
        }
    }

    private func disposePair() {
        // `take()` moves the references out: no retain, and they are released as soon as disposed.
        let sink = self.sink.take()
        let subscription = self.subscription.take()
        sink?.dispose()
        subscription?.dispose()
    }
}
