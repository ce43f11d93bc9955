extension RACSignal {
    /// `filter` as a direct subscriber (the `subscriber-direct` variant).
    public func filterDirect(_ predicate: @escaping (Value) -> Bool) -> RACSignal<Value> {
        let source = self
        return .createSignal { subscriber in
            source.subscribe(FilterSubscriber(downstream: subscriber, predicate: predicate))
        }
    }
}

/// The subscriber of `filterDirect`; stateless, lock-free like `MapSubscriber`.
public final class FilterSubscriber<Value>: Subscriber, @unchecked Sendable {
    let downstream: PassthroughSubscriber<Value>
    let predicate: (Value) -> Bool

    #if DEBUG
    private let liveObject = LiveObjects.Token()
    #endif

    init(downstream: PassthroughSubscriber<Value>, predicate: @escaping (Value) -> Bool) {
        self.downstream = downstream
        self.predicate = predicate
    }

    @inline(__always)
    public func sendNext(_ value: Value) {
        if predicate(value) { downstream.sendNext(value) }
    }
    public func sendError(_ error: any Error) { downstream.sendError(error) }
    public func sendCompleted() { downstream.sendCompleted() }
    public func didSubscribe(with disposable: CompoundDisposable) {}
}
