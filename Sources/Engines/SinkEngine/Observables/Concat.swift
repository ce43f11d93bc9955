extension Producer {
    /// Each source in turn, subscribed after the previous one completed.
    ///
    /// The next source is subscribed through `CurrentThreadScheduler`: when a source completes
    /// synchronously inside its own subscription, the next subscription is queued on the trampoline
    /// instead of nesting, so a concat of 100,000 synchronous sources runs in constant stack.
    public static func concat(_ sources: [Observable<Element>]) -> Observable<Element> {
        Concat(sources)
    }

    /// Each source in turn.
    public static func concat(_ sources: Observable<Element>...) -> Observable<Element> {
        Concat(sources)
    }

    /// This observable, then `second`.
    public func concat(_ second: Observable<Element>) -> Observable<Element> {
        Concat([self, second])
    }
}

final class Concat<Element>: Producer<Element> {
    let sources: [Observable<Element>]

    init(_ sources: [Observable<Element>]) {
        self.sources = sources
        super.init { (parent: Concat<Element>, observer, cancel) in
            let sink = ConcatSink(sources: parent.sources, observer: observer, cancel: cancel)
            sink.subscribeNext()
            return SinkAndSubscription(sink: sink, subscription: sink.current)
        }
    }
}

final class ConcatSink<Element>: TailRecursiveSink<Element> {
    private let sources: [Observable<Element>]
    // One source runs at a time and the next starts only after its completion: accessed serially.
    private var index = 0

    init(sources: [Observable<Element>], observer: AnyObserver<Element>, cancel: SinkDisposer) {
        self.sources = sources
        super.init(observer: observer, cancel: cancel)
    }

    override func nextSource() -> Observable<Element>? {
        if index == sources.count {
            forwardTerminal(.completed)
            return nil
        }
        index += 1
        return sources[index - 1]
    }

    override func on(_ event: Event<Element>) {
        switch event {
        case .next:
            forwardOn(event)
        case .error:
            forwardTerminal(event)
        case .completed:
            scheduleNext()
        }
    }
}
