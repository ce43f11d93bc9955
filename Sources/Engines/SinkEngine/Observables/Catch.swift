extension Producer {
    /// On error, continues with the observable `handler` returns for that error.
    public func `catch`(_ handler: @escaping (Swift.Error) throws -> Observable<Element>) -> Observable<Element> {
        Catch(source: self, handler: handler)
    }
}

final class Catch<Element>: Producer<Element> {
    let source: Observable<Element>
    let handler: (Swift.Error) throws -> Observable<Element>

    init(source: Observable<Element>, handler: @escaping (Swift.Error) throws -> Observable<Element>) {
        self.source = source
        self.handler = handler
        super.init { (parent: Catch<Element>, observer, cancel) in
            let sink = CatchSink(handler: parent.handler, observer: observer, cancel: cancel)
            // Set before subscribing: the source may fail inside `subscribe` and install the handler's
            // subscription, which this first assignment must not replace.
            let sourceSubscription = SingleAssignmentDisposable()
            sink.subscription.disposable = sourceSubscription
            sourceSubscription.setDisposable(parent.source.subscribe(AnyObserver { sink.on($0) }))
            return SinkAndSubscription(sink: sink, subscription: sink.subscription)
        }
    }
}

final class CatchSink<Element>: Sink<Element> {
    private let handler: (Swift.Error) throws -> Observable<Element>
    /// The source's subscription, then the handler's.
    let subscription = SerialDisposable()

    init(handler: @escaping (Swift.Error) throws -> Observable<Element>, observer: AnyObserver<Element>, cancel: SinkDisposer) {
        self.handler = handler
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next:
            forwardOn(event)
        case .completed:
            forwardTerminal(event)
        case .error(let error):
            do {
                let continuation = try handler(error)
                let next = SingleAssignmentDisposable()
                subscription.disposable = next
                next.setDisposable(continuation.subscribe(AnyObserver { [self] in onContinuation($0) }))
            } catch {
                forwardTerminal(.error(error))
            }
        }
    }

    private func onContinuation(_ event: Event<Element>) {
        if event.isStopEvent { forwardTerminal(event) } else { forwardOn(event) }
    }
}
