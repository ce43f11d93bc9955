extension Producer {
    /// The combination of the n-th elements of every input, in input order. An empty collection
    /// completes at once.
    public static func zip<Source>(
        _ sources: [Observable<Source>], resultSelector: @escaping ([Source]) throws -> Element
    ) -> Observable<Element> {
        if sources.isEmpty { return .empty() }
        return ZipCollection(sources, resultSelector)
    }
}

final class ZipCollection<Source, Result>: Producer<Result> {
    let sources: [Observable<Source>]
    let resultSelector: ([Source]) throws -> Result

    init(_ sources: [Observable<Source>], _ resultSelector: @escaping ([Source]) throws -> Result) {
        self.sources = sources
        self.resultSelector = resultSelector
        super.init { (parent: ZipCollection<Source, Result>, observer, cancel) in
            let sink = ZipCollectionSink(
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

final class ZipCollectionSink<Source, Result>: ZipSink<Result> {
    let resultSelector: ([Source]) throws -> Result
    // Touched only in the serial section.
    var queues: [ZipBuffer<Source>]

    init(
        arity: Int, _ resultSelector: @escaping ([Source]) throws -> Result, observer: AnyObserver<Result>,
        cancel: SinkDisposer
    ) {
        self.resultSelector = resultSelector
        self.queues = Array(repeating: ZipBuffer(), count: arity)
        super.init(
            arity: arity, endsAtUnpairedValue: true,
            makeResult: { base in
                let sink = unsafeDowncast(base, to: ZipCollectionSink<Source, Result>.self)
                var values: [Source] = []
                values.reserveCapacity(sink.queues.count)
                for index in sink.queues.indices { values.append(sink.queues[index].dequeue()) }
                return try sink.resultSelector(values)
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
        handle(event, index: index) { value in queues[index].enqueue(value) }
    }
}
