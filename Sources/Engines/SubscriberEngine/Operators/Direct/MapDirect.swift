extension RACSignal {
    /// `map` as a direct subscriber (the `subscriber-direct` variant, after ReactiveCocoa PR #1130, never
    /// merged): one stage that transforms and forwards, no `bind`, no signal per value, no lock.
    public func mapDirect<Result>(_ transform: @escaping (Value) -> Result) -> RACSignal<Result> {
        let source = self
        return .createSignal { subscriber in
            source.subscribe(MapSubscriber(downstream: subscriber, transform: transform))
        }
    }
}

/// The subscriber of `mapDirect`. Stateless, so it needs no lock: events are serialised by the sender
/// (RAC's contract), and the passthrough subscribers around it drop events after dispose.
public final class MapSubscriber<Value, Result>: Subscriber, @unchecked Sendable {
    let downstream: PassthroughSubscriber<Result>
    let transform: (Value) -> Result

    #if DEBUG
    private let liveObject = LiveObjects.Token()
    #endif

    init(downstream: PassthroughSubscriber<Result>, transform: @escaping (Value) -> Result) {
        self.downstream = downstream
        self.transform = transform
    }

    @inline(__always)
    public func sendNext(_ value: Value) { downstream.sendNext(transform(value)) }
    public func sendError(_ error: any Error) { downstream.sendError(error) }
    public func sendCompleted() { downstream.sendCompleted() }
    public func didSubscribe(with disposable: CompoundDisposable) {}
}
