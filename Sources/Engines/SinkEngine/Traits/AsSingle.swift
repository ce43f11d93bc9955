extension Producer {
    /// This sequence as a `Single`: its one element is delivered when it completes. A second element is
    /// `RxError.moreThanOneElement` at once, completion without an element `RxError.noElements`; the
    /// subscription above ends with the result either way.
    public func asSingle() -> Single<Element> {
        Single(raw: AsSingle(source: self))
    }
}

final class AsSingle<Element>: Producer<Element> {
    let source: Observable<Element>

    init(source: Observable<Element>) {
        self.source = source
        super.init { (parent: AsSingle<Element>, observer, cancel) in
            let sink = AsSingleSink(observer: observer, cancel: cancel)
            let subscription = parent.source.subscribe(AnyObserver { sink.on($0) })
            return SinkAndSubscription(sink: sink, subscription: subscription)
        }
    }
}

final class AsSingleSink<Element>: Sink<Element> {
    // Events arrive serially (the grammar), so the held element needs no lock.
    private var element: Element?

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let next):
            if element != nil {
                forwardTerminal(.error(RxError.moreThanOneElement))
                return
            }
            element = next
        case .error:
            forwardTerminal(event)
        case .completed:
            if let element {
                forwardOn(.next(element))
                forwardTerminal(.completed)
            } else {
                forwardTerminal(.error(RxError.noElements))
            }
        }
    }
}
