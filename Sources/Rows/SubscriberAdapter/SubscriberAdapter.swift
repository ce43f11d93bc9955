import RxBenchCore
import SubscriberEngine

/// The `subscriber` engine family: one engine and one translation, three ids. The same source is compiled
/// again as the modules of `subscriber-dependency` and `subscriber-locked-dependency` (Package.swift), whose
/// ids end in `-dependency` and `-locked-dependency`.
/// - `subscriber`: RACSignal with every stream operator derived from `bind` (map and filter are
///   `flattenMap` into `return`/`empty` signals, as RACStream has them); asyncMap/asyncFilter through a
///   one-time signal, as the RAC extension `st_asyncMap` does.
/// - `subscriber-direct`: `map` and `filter` as direct subscribers (ReactiveCocoa PR #1130), and `take` the same way
///   (not in the PR).
/// - `subscriber-take1`: the faithful engine with asyncMap/asyncFilter ending their reply signal with
///   `take(1)` instead of a one-time signal, so the two mechanisms are measured side by side.
public struct SubscriberEngineAdapter: EngineAdapter {
    public enum Variant: Sendable {
        case faithful, direct, takeOneAsync
    }

    public let variant: Variant

    public init(_ variant: Variant = .faithful) {
        self.variant = variant
    }

    public var descriptor: EngineDescriptor { rowDescriptor(engineDescriptor) }

    /// The row's descriptor in the engine's own build; a variant build's file of Identity/ derives its own from it.
    private var engineDescriptor: EngineDescriptor {
        switch variant {
        case .faithful:
            EngineDescriptor(
                id: "subscriber", role: .engine, modelledOn: "ReactiveCocoa RACSignal, bind-derived operators",
                semantics: .reactiveCocoa)
        case .direct:
            EngineDescriptor(
                id: "subscriber-direct", role: .variant,
                modelledOn: "RACSignal with direct map/filter subscribers (ReactiveCocoa PR #1130), and a direct take",
                semantics: .reactiveCocoa)
        case .takeOneAsync:
            EngineDescriptor(
                id: "subscriber-take1", role: .variant,
                modelledOn: "RACSignal; asyncMap/asyncFilter reply signals ended by take(1)", semantics: .reactiveCocoa)
        }
    }

    public func stream(_ flow: Flow, subjects: [SubscriberSubject]) throws(UnsupportedFlow) -> RACSignal<Int> {
        var mapping = SubscriberMapping(operators: variant == .direct ? .direct : .bind, subjects: subjects)
        mapping.asyncStyle = variant == .takeOneAsync ? .takeOne : .oneTime
        return try mapping.stream(for: flow)
    }

    public func nativeObserver(_ observer: EventObserver) -> SubscriberBlocks<Int> { SubscriberMapping.blocks(observer) }

    public func subscribe(_ stream: RACSignal<Int>, with observer: SubscriberBlocks<Int>) -> Disposable? {
        SubscriberMapping.subscribe(stream, observer)
    }

    public func dispose(_ subscription: Disposable?) { subscription?.dispose() }

    public func makeSubject(_ kind: SubjectKind) -> SubscriberSubject { SubscriberSubject(kind) }

    public func sender(for subject: SubscriberSubject) -> SubjectSender { subject.sender() }

    public var liveObjects: Int? { SubscriberMapping.liveObjects }
}
