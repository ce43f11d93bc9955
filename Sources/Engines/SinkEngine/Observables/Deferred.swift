extension Producer {
    /// Calls `factory` at each subscription and subscribes to what it returns.
    public static func deferred(_ factory: @escaping () throws -> Observable<Element>) -> Observable<Element> {
        Deferred(factory)
    }
}

final class Deferred<Element>: Producer<Element> {
    let factory: () throws -> Observable<Element>

    init(_ factory: @escaping () throws -> Observable<Element>) {
        self.factory = factory
        super.init { (parent: Deferred<Element>, observer, cancel) in
            let sink = ForwardingSink(observer: observer, cancel: cancel)
            do {
                let source = try parent.factory()
                let subscription = source.subscribe(AnyObserver { sink.on($0) })
                return SinkAndSubscription(sink: sink, subscription: subscription)
            } catch {
                sink.forwardTerminal(.error(error))
                return SinkAndSubscription(sink: sink, subscription: Disposables.create())
            }
        }
    }
}

/// Forwards everything and ends the subscription after a terminal event (RxSwift's `SinkForward`).
final class ForwardingSink<Element>: Sink<Element> {
    @inline(__always)
    func on(_ event: Event<Element>) {
        if event.isStopEvent {
            forwardTerminal(event)
        } else {
            forwardOn(event)
        }
    }
}
