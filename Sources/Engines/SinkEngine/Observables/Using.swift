extension Producer {
    /// A resource made per subscription and disposed when the subscription ends (terminal event or
    /// dispose); the observable is made from it.
    public static func using<Resource: Disposable>(
        _ resourceFactory: @escaping () throws -> Resource,
        observableFactory: @escaping (Resource) throws -> Observable<Element>
    ) -> Observable<Element> {
        Using(resourceFactory, observableFactory)
    }
}

final class Using<Element, Resource: Disposable>: Producer<Element> {
    let resourceFactory: () throws -> Resource
    let observableFactory: (Resource) throws -> Observable<Element>

    init(
        _ resourceFactory: @escaping () throws -> Resource,
        _ observableFactory: @escaping (Resource) throws -> Observable<Element>
    ) {
        self.resourceFactory = resourceFactory
        self.observableFactory = observableFactory
        super.init { (parent: Using<Element, Resource>, observer, cancel) in
            let sink = ForwardingSink(observer: observer, cancel: cancel)
            var resource: Resource?
            do {
                let acquired = try parent.resourceFactory()
                resource = acquired
                let source = try parent.observableFactory(acquired)
                let subscription = source.subscribe(AnyObserver { sink.on($0) })
                return SinkAndSubscription(sink: sink, subscription: Disposables.create(subscription, acquired))
            } catch {
                sink.forwardTerminal(.error(error))
                return SinkAndSubscription(sink: sink, subscription: resource ?? Disposables.create())
            }
        }
    }
}
