import Synchronization

extension Producer {
    /// The elements of all `sources` as they arrive; completed when every source completed; the first
    /// error terminates.
    public static func merge(_ sources: [Observable<Element>]) -> Observable<Element> {
        MergeArray(sources)
    }

    /// The elements of all `sources` as they arrive.
    public static func merge(_ sources: Observable<Element>...) -> Observable<Element> {
        MergeArray(sources)
    }
}

final class MergeArray<Element>: Producer<Element> {
    let sources: [Observable<Element>]

    init(_ sources: [Observable<Element>]) {
        self.sources = sources
        super.init { (parent: MergeArray<Element>, observer, cancel) in
            let sink = MergeArraySink(active: parent.sources.count, observer: observer, cancel: cancel)
            if parent.sources.isEmpty {
                sink.forwardTerminal(.completed)
                return SinkAndSubscription(sink: sink, subscription: Disposables.create())
            }
            let group = CompositeDisposable()
            for source in parent.sources {
                if sink.isDisposed { break }
                group.insert(source.subscribe(AnyObserver { sink.on($0) }))
            }
            return SinkAndSubscription(sink: sink, subscription: group)
        }
    }
}

final class MergeArraySink<Element>: SerializingSink<Element> {
    // Touched only in the serial section: sources not yet completed.
    private var active: Int

    init(active: Int, observer: AnyObserver<Element>, cancel: SinkDisposer) {
        self.active = active
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<Element>) {
        serialize(event) { [self] event in
            switch event {
            case .next:
                forwardOn(event)
            case .error:
                forwardTerminal(event)
            case .completed:
                active -= 1
                if active == 0 { forwardTerminal(.completed) }
            }
        }
    }
}
