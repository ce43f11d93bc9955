import Synchronization

extension Signal {
    /// `take` as a direct subscriber (the `subscriber-direct` variant): counts, forwards, and on the last
    /// value completes and disposes the source subscription. `takeDirect(0)` never subscribes.
    public func takeDirect(_ count: Int) -> Signal<Value> {
        if count <= 0 { return .empty }
        let source = self
        return .createSignal { subscriber in
            source.subscribe(TakeSubscriber(downstream: subscriber, count: count))
        }
    }
}

/// The subscriber of `takeDirect`. Its one piece of state is an atomic counter, so concurrent senders
/// (a subject fed from several threads) cannot let more than `count` values through.
final class TakeSubscriber<Value>: Subscriber, @unchecked Sendable {
    let downstream: PassthroughSubscriber<Value>
    let count: Int
    /// Values seen so far (only the first `count` are forwarded).
    let taken = Atomic<Int>(0)
    /// The source subscription, ended after the last value. Written once, before any event can arrive
    /// (`didSubscribe(with:)` runs before the source's `didSubscribe` block).
    var source: CompoundDisposable?

    init(downstream: PassthroughSubscriber<Value>, count: Int) {
        self.downstream = downstream
        self.count = count
        liveObjectCreated()
    }

    deinit { liveObjectDestroyed() }

    func sendNext(_ value: Value) {
        let seen = taken.wrappingAdd(1, ordering: .relaxed).newValue
        if seen > count { return }
        downstream.sendNext(value)
        if seen == count {
            downstream.sendCompleted()
            source?.dispose()
        }
    }

    func sendError(_ error: any Error) {
        if taken.load(ordering: .relaxed) >= count { return }
        downstream.sendError(error)
    }

    func sendCompleted() {
        if taken.load(ordering: .relaxed) >= count { return }
        downstream.sendCompleted()
    }

    func didSubscribe(with disposable: CompoundDisposable) { source = disposable }
}
