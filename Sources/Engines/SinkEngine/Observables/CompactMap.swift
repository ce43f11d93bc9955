extension Producer {
    /// Each element transformed; `nil` results are dropped.
    public func compactMap<Result>(_ transform: @escaping (Element) throws -> Result?) -> Observable<Result> {
        CompactMap(source: self, transform: transform)
    }
}

final class CompactMap<Source, Result>: Producer<Result> {
    let source: Observable<Source>
    let transform: (Source) throws -> Result?

    init(source: Observable<Source>, transform: @escaping (Source) throws -> Result?) {
        self.source = source
        self.transform = transform
        super.init { (parent: CompactMap<Source, Result>, observer, cancel) in
            let sink = CompactMapSink(transform: parent.transform, observer: observer, cancel: cancel)
            let subscription = parent.source.subscribe(AnyObserver { sink.on($0) })
            return SinkAndSubscription(sink: sink, subscription: subscription)
        }
    }
}

final class CompactMapSink<Source, Result>: Sink<Result> {
    private let transform: (Source) throws -> Result?

    init(transform: @escaping (Source) throws -> Result?, observer: AnyObserver<Result>, cancel: SinkDisposer) {
        self.transform = transform
        super.init(observer: observer, cancel: cancel)
    }

    @inline(__always)
    func on(_ event: Event<Source>) {
        switch event {
        case .next(let element):
            do {
                if let result = try transform(element) {
                    forwardOn(.next(result))
                }
            } catch {
                forwardTerminal(.error(error))
            }
        case .error(let error):
            forwardTerminal(.error(error))
        case .completed:
            forwardTerminal(.completed)
        }
    }
}
