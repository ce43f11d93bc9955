extension Producer {
    /// All but the first `count` elements.
    public func skip(_ count: Int) -> Observable<Element> {
        SkipCount(source: self, count: count)
    }
}

final class SkipCount<Element>: Producer<Element> {
    let source: Observable<Element>
    let count: Int

    init(source: Observable<Element>, count: Int) {
        self.source = source
        self.count = count
        super.init { (parent: SkipCount<Element>, observer, cancel) in
            let sink = SkipCountSink(remaining: parent.count, observer: observer, cancel: cancel)
            let subscription = parent.source.subscribe(AnyObserver { sink.on($0) })
            return SinkAndSubscription(sink: sink, subscription: subscription)
        }
    }
}

final class SkipCountSink<Element>: Sink<Element> {
    // Events arrive serially (the grammar), so the count needs no lock.
    private var remaining: Int

    init(remaining: Int, observer: AnyObserver<Element>, cancel: SinkDisposer) {
        self.remaining = remaining
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next:
            if remaining > 0 {
                remaining -= 1
            } else {
                forwardOn(event)
            }
        case .error, .completed:
            forwardTerminal(event)
        }
    }
}
