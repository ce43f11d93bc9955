import RxBenchCore
import SubscriberEngine

/// The `subscriber` engine: RACSignal with every stream operator derived from `bind` (map and filter are
/// `flattenMap` into `return`/`empty` signals, as RACStream has them).
public struct SubscriberAdapter: EngineAdapter {
    public init() {}

    public var descriptor: EngineDescriptor {
        EngineDescriptor(
            id: "subscriber", role: .engine, modelledOn: "ReactiveCocoa RACSignal, bind-derived operators")
    }

    public func stream(_ flow: Flow, subjects: [SubscriberSubject]) throws(UnsupportedFlow) -> Signal<Int> {
        Translation(operators: .bind, subjects: subjects).signal(flow)
    }

    public func subscribe(_ stream: Signal<Int>, _ observer: EventObserver) -> Disposable? {
        Translation.subscribe(stream, observer)
    }

    public func dispose(_ subscription: Disposable?) { subscription?.dispose() }

    public func makeSubject(_ kind: SubjectKind) -> SubscriberSubject { SubscriberSubject(kind) }

    public func sender(for subject: SubscriberSubject) -> SubjectSender { subject.sender() }

    public var liveObjects: Int? { Translation.liveObjects }
}

/// The `subscriber-direct` variant: the same engine and translation, but `map`, `filter` and `take` are
/// direct subscribers instead of `bind` stages (ReactiveCocoa PR #1130).
public struct SubscriberDirectAdapter: EngineAdapter {
    public init() {}

    public var descriptor: EngineDescriptor {
        EngineDescriptor(
            id: "subscriber-direct", role: .variant,
            modelledOn: "RACSignal with direct map/filter/take subscribers (ReactiveCocoa PR #1130)")
    }

    public func stream(_ flow: Flow, subjects: [SubscriberSubject]) throws(UnsupportedFlow) -> Signal<Int> {
        Translation(operators: .direct, subjects: subjects).signal(flow)
    }

    public func subscribe(_ stream: Signal<Int>, _ observer: EventObserver) -> Disposable? {
        Translation.subscribe(stream, observer)
    }

    public func dispose(_ subscription: Disposable?) { subscription?.dispose() }

    public func makeSubject(_ kind: SubjectKind) -> SubscriberSubject { SubscriberSubject(kind) }

    public func sender(for subject: SubscriberSubject) -> SubjectSender { subject.sender() }

    public var liveObjects: Int? { Translation.liveObjects }
}
