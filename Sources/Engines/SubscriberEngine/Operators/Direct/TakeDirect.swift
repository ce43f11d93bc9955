import Synchronization

extension RACSignal {
    /// `take` as a direct subscriber (the `subscriber-direct` variant): counts, forwards, and on the last
    /// value completes and disposes the source subscription. `takeDirect(0)` never subscribes.
    public func takeDirect(_ count: Int) -> RACSignal<Value> {
        if count <= 0 { return .empty }
        let source = self
        return .createSignal { subscriber in
            source.subscribe(TakeSubscriber(downstream: subscriber, count: count))
        }
    }
}

/// The subscriber of `takeDirect`. Its state is two atomic counters, so that concurrent senders (a subject
/// fed from several threads) let exactly `count` values through, and completed goes out only after all
/// of them: it is sent by whichever sender finishes delivering the last of the `count` values, not by the
/// one that counted the last value (which could otherwise overtake a slower sender of an earlier one).
public final class TakeSubscriber<Value>: Subscriber, @unchecked Sendable {
    let downstream: PassthroughSubscriber<Value>
    let count: Int
    /// Values seen so far (only the first `count` are forwarded).
    let taken = Atomic<Int>(0)
    /// Forwarded values whose delivery has returned.
    let delivered = Atomic<Int>(0)
    /// The source subscription, ended after the last value. Written once, before any event can arrive
    /// (`didSubscribe(with:)` runs before the source's `didSubscribe` block).
    var source: CompoundDisposable?

    #if DEBUG
    private let liveObject = LiveObjects.Token()
    #endif

    init(downstream: PassthroughSubscriber<Value>, count: Int) {
        self.downstream = downstream
        self.count = count
    }

    public func sendNext(_ value: Value) {
        let seen = taken.wrappingAdd(1, ordering: .relaxed).newValue
        if seen > count { return }
        downstream.sendNext(value)
        if delivered.wrappingAdd(1, ordering: .acquiringAndReleasing).newValue == count {
            downstream.sendCompleted()
            source?.dispose()
        }
    }

    public func sendError(_ error: any Error) {
        if taken.load(ordering: .relaxed) >= count { return }
        downstream.sendError(error)
    }

    public func sendCompleted() {
        if taken.load(ordering: .relaxed) >= count { return }
        downstream.sendCompleted()
    }

    public func didSubscribe(with disposable: CompoundDisposable) { source = disposable }
}
