extension Producer {
    /// Side effects: each hook sees its event before it goes below; `onSubscribe` runs before the source
    /// is subscribed, `onSubscribed` after; `onDispose` runs exactly once when the subscription ends,
    /// also after a terminal event.
    public func `do`(
        onNext: ((Element) throws -> Void)? = nil,
        onError: ((Swift.Error) throws -> Void)? = nil,
        onCompleted: (() throws -> Void)? = nil,
        onSubscribe: (() -> Void)? = nil,
        onSubscribed: (() -> Void)? = nil,
        onDispose: (() -> Void)? = nil
    ) -> Observable<Element> {
        Do(
            source: self,
            hooks: DoHooks(
                onNext: onNext, onError: onError, onCompleted: onCompleted,
                onSubscribe: onSubscribe, onSubscribed: onSubscribed, onDispose: onDispose))
    }
}

struct DoHooks<Element> {
    let onNext: ((Element) throws -> Void)?
    let onError: ((Swift.Error) throws -> Void)?
    let onCompleted: (() throws -> Void)?
    let onSubscribe: (() -> Void)?
    let onSubscribed: (() -> Void)?
    let onDispose: (() -> Void)?
}

final class Do<Element>: Producer<Element> {
    let source: Observable<Element>
    let hooks: DoHooks<Element>

    init(source: Observable<Element>, hooks: DoHooks<Element>) {
        self.source = source
        self.hooks = hooks
        super.init { (parent: Do<Element>, observer, cancel) in
            parent.hooks.onSubscribe?()
            let sink = DoSink(hooks: parent.hooks, observer: observer, cancel: cancel)
            let subscription = parent.source.subscribe(AnyObserver { sink.on($0) })
            parent.hooks.onSubscribed?()
            guard let onDispose = parent.hooks.onDispose else {
                return SinkAndSubscription(sink: sink, subscription: subscription)
            }
            // Runs once: the disposer disposes it whether the subscription ends by dispose or by a
            // terminal event.
            let allSubscriptions = Disposables.create(with: {
                subscription.dispose()
                onDispose()
            })
            return SinkAndSubscription(sink: sink, subscription: allSubscriptions)
        }
    }
}

final class DoSink<Element>: Sink<Element> {
    private let hooks: DoHooks<Element>

    init(hooks: DoHooks<Element>, observer: AnyObserver<Element>, cancel: SinkDisposer) {
        self.hooks = hooks
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<Element>) {
        do {
            switch event {
            case .next(let element):
                try hooks.onNext?(element)
                forwardOn(event)
            case .error(let error):
                try hooks.onError?(error)
                forwardTerminal(event)
            case .completed:
                try hooks.onCompleted?()
                forwardTerminal(event)
            }
        } catch {
            forwardTerminal(.error(error))
        }
    }
}
