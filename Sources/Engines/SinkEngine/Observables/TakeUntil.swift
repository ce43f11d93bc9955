extension Producer {
    /// The elements until `other` emits a value (then completed); an error of `other` is forwarded;
    /// `other` completing alone changes nothing.
    public func takeUntil<Trigger>(_ other: Observable<Trigger>) -> Observable<Element> {
        TakeUntil(source: self, other: other)
    }
}

final class TakeUntil<Element, Trigger>: Producer<Element> {
    let source: Observable<Element>
    let other: Observable<Trigger>

    init(source: Observable<Element>, other: Observable<Trigger>) {
        self.source = source
        self.other = other
        super.init { (parent: TakeUntil<Element, Trigger>, observer, cancel) in
            let sink = TakeUntilSink<Element, Trigger>(observer: observer, cancel: cancel)
            // The trigger first, as RxSwift does: a trigger that fires at once stops the source unheard.
            let otherSubscription = SingleAssignmentDisposable()
            let sourceSubscription = SingleAssignmentDisposable()
            let subscriptions = Disposables.create(otherSubscription, sourceSubscription)
            sink.otherSubscription = otherSubscription
            otherSubscription.setDisposable(parent.other.subscribe(AnyObserver { sink.onOther($0) }))
            if !sink.isDisposed {
                sourceSubscription.setDisposable(parent.source.subscribe(AnyObserver { sink.on($0) }))
            }
            return SinkAndSubscription(sink: sink, subscription: subscriptions)
        }
    }
}

final class TakeUntilSink<Element, Trigger>: SerializingSink<Element> {
    /// Disposed when the trigger completes without a value.
    var otherSubscription: Disposable?

    func on(_ event: Event<Element>) {
        serialize(event) { [self] event in
            if event.isStopEvent { forwardTerminal(event) } else { forwardOn(event) }
        }
    }

    func onOther(_ event: Event<Trigger>) {
        switch event {
        case .next:
            serialize(()) { [self] _ in forwardTerminal(.completed) }
        case .error(let error):
            serialize(error) { [self] in forwardTerminal(.error($0)) }
        case .completed:
            otherSubscription?.dispose()
        }
    }
}
