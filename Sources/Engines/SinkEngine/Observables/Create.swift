import Synchronization

extension Producer {
    /// An observable whose subscription runs `subscribe` with an observer; the returned disposable is
    /// disposed when the subscription ends.
    public static func create(_ subscribe: @escaping (AnyObserver<Element>) -> Disposable) -> Observable<Element> {
        AnonymousObservable(subscribe)
    }
}

/// `create`'s producer.
final class AnonymousObservable<Element>: Producer<Element> {
    let subscribeHandler: (AnyObserver<Element>) -> Disposable

    init(_ subscribeHandler: @escaping (AnyObserver<Element>) -> Disposable) {
        self.subscribeHandler = subscribeHandler
        super.init { (parent: AnonymousObservable<Element>, observer, cancel) in
            let sink = AnonymousObservableSink(observer: observer, cancel: cancel)
            let subscription = parent.subscribeHandler(AnyObserver { sink.on($0) })
            return SinkAndSubscription(sink: sink, subscription: subscription)
        }
    }
}

/// Guards the grammar for user code: events after a terminal event are dropped.
final class AnonymousObservableSink<Element>: Sink<Element> {
    // Guards nothing but itself: set by the first terminal event, read by every event.
    private let isStopped = AtomicInt<Bool>(false)

    @inline(__always)
    func on(_ event: Event<Element>) {
        switch event {
        case .next:
            if isStopped.load(ordering: .relaxed) { return }
            forwardOn(event)
        case .error, .completed:
            if isStopped.exchange(true, ordering: .acquiringAndReleasing) { return }
            forwardTerminal(event)
        }
    }
}
