extension Producer {
    /// The first `count` elements, then completed (the subscription above is disposed). `take(0)`
    /// completes at subscription without subscribing above, as RxSwift does.
    public func take(_ count: Int) -> Observable<Element> {
        precondition(count >= 0, "take count must be non-negative")
        if count == 0 { return .empty() }
        return TakeCount(source: self, count: count)
    }
}

final class TakeCount<Element>: Producer<Element> {
    let source: Observable<Element>
    let count: Int

    init(source: Observable<Element>, count: Int) {
        self.source = source
        self.count = count
        super.init { (parent: TakeCount<Element>, observer, cancel) in
            let sink = TakeCountSink(remaining: parent.count, observer: observer, cancel: cancel)
            let subscription = parent.source.subscribe(AnyObserver { sink.on($0) })
            return SinkAndSubscription(sink: sink, subscription: subscription)
        }
    }
}

final class TakeCountSink<Element>: Sink<Element> {
    // Events arrive serially (the grammar), so the count needs no lock.
    private var remaining: Int

    init(remaining: Int, observer: AnyObserver<Element>, cancel: SinkDisposer) {
        self.remaining = remaining
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next:
            if remaining <= 0 { return }
            remaining -= 1
            forwardOn(event)
            if remaining == 0 {
                forwardTerminal(.completed)
            }
        case .error, .completed:
            forwardTerminal(event)
        }
    }
}
