extension Producer {
    /// The combination of the latest elements of every input, in input order, once each has produced
    /// one. An empty collection completes at once.
    public static func combineLatest<Source>(
        _ sources: [Observable<Source>], resultSelector: @escaping ([Source]) throws -> Element
    ) -> Observable<Element> {
        if sources.isEmpty { return .empty() }
        return CombineLatestCollection(sources, resultSelector)
    }
}

final class CombineLatestCollection<Source, Result>: Producer<Result> {
    let sources: [Observable<Source>]
    let resultSelector: ([Source]) throws -> Result

    init(_ sources: [Observable<Source>], _ resultSelector: @escaping ([Source]) throws -> Result) {
        self.sources = sources
        self.resultSelector = resultSelector
        super.init { (parent: CombineLatestCollection<Source, Result>, observer, cancel) in
            let sink = CombineLatestCollectionSink(
                arity: parent.sources.count, parent.resultSelector, observer: observer, cancel: cancel)
            let group = CompositeDisposable()
            for (index, source) in parent.sources.enumerated() {
                if sink.isDisposed { break }
                group.insert(source.subscribeInput(AnyObserver { sink.on($0, index: index) }, ownObserver: false))
            }
            return SinkAndSubscription(sink: sink, subscription: group)
        }
    }
}

final class CombineLatestCollectionSink<Source, Result>: CombineLatestSink<Result> {
    let resultSelector: ([Source]) throws -> Result
    // Touched only in the serial section. `latest` is filled once every input has a value; until then
    // the values wait in `pending`.
    var pending: [Source?]
    var latest: [Source] = []

    init(
        arity: Int, _ resultSelector: @escaping ([Source]) throws -> Result, observer: AnyObserver<Result>,
        cancel: SinkDisposer
    ) {
        self.resultSelector = resultSelector
        self.pending = Array(repeating: nil, count: arity)
        super.init(
            arity: arity,
            makeResult: { base in
                let sink = unsafeDowncast(base, to: CombineLatestCollectionSink<Source, Result>.self)
                if sink.latest.isEmpty {
                    sink.latest = sink.pending.map { $0! }
                    sink.pending = []
                }
                return try sink.resultSelector(sink.latest)
            },
            observer: observer, cancel: cancel)
    }

    func on(_ event: Event<Source>, index: Int) {
        if enterSerialSection() {
            receive(event, index: index)
            leaveSerialSection()
        } else {
            runSerialized { [self] in receive(event, index: index) }
        }
    }

    private func receive(_ event: Event<Source>, index: Int) {
        handle(event, index: index) { value in
            if latest.isEmpty { pending[index] = value } else { latest[index] = value }
        }
    }
}
