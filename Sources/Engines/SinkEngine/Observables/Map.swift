extension Producer {
    /// Each element transformed: one `Map` producer, and per subscription one `MapSink`, as in RxSwift 6.
    ///
    /// In the variant `sink-fused` (compiled with `SINK_FUSED`, docs/decisions/fidelity.md) a map applied
    /// to a map becomes one `Map` producer whose transform is the composition, RxSwift 5's `composeMap`
    /// (removed in RxSwift 6 by PR #2022): one sink and one subscription instead of two. RxSwift fused with
    /// a virtual `composeMap` on `Observable`; a virtual generic method would run unspecialised here, so
    /// the fusion is a cast made where the types are concrete: it applies when the map below keeps the
    /// element type (`Map<Element, Element>`), which covers chains of same-typed maps.
    public func map<Result>(_ transform: @escaping (Element) throws -> Result) -> Observable<Result> {
        #if SINK_FUSED
        if let inner = self as? Map<Element, Element> {
            let first = inner.transform
            return Map(source: inner.source) { try transform(first($0)) }
        }
        #endif
        return Map(source: self, transform: transform)
    }
}

final class Map<Source, Result>: Producer<Result> {
    let source: Observable<Source>
    let transform: (Source) throws -> Result

    init(source: Observable<Source>, transform: @escaping (Source) throws -> Result) {
        self.source = source
        self.transform = transform
        super.init { (parent: Map<Source, Result>, observer, cancel) in
            let sink = MapSink(transform: parent.transform, observer: observer, cancel: cancel)
            let subscription = parent.source.subscribe(AnyObserver { sink.on($0) })
            return SinkAndSubscription(sink: sink, subscription: subscription)
        }
    }
}

final class MapSink<Source, Result>: Sink<Result> {
    private let transform: (Source) throws -> Result

    init(transform: @escaping (Source) throws -> Result, observer: AnyObserver<Result>, cancel: SinkDisposer) {
        self.transform = transform
        super.init(observer: observer, cancel: cancel)
    }

    @inline(__always)
    func on(_ event: Event<Source>) {
        switch event {
        case .next(let element):
            // The result bound before it is wrapped, as RxSwift's MapSink does (RxSwift/Observables/Map.swift:42-43
            // at 6.10.2). `.next(try transform(x))` writes the result into the event's own storage, which is then
            // destroyed by a run-time check of its case: 11 instructions a stage (docs/decisions/engine-limits.md).
            let result: Result
            do {
                result = try transform(element)
            } catch {
                forwardTerminal(.error(error))
                return
            }
            forwardOn(.next(result))
        case .error(let error):
            forwardTerminal(.error(error))
        case .completed:
            forwardTerminal(.completed)
        }
    }
}
