extension Producer {
    /// The elements that satisfy `predicate`.
    public func filter(_ predicate: @escaping (Element) throws -> Bool) -> Observable<Element> {
        Filter(source: self, predicate: predicate)
    }
}

final class Filter<Element>: Producer<Element> {
    let source: Observable<Element>
    let predicate: (Element) throws -> Bool

    init(source: Observable<Element>, predicate: @escaping (Element) throws -> Bool) {
        self.source = source
        self.predicate = predicate
        super.init { (parent: Filter<Element>, observer, cancel) in
            let sink = FilterSink(predicate: parent.predicate, observer: observer, cancel: cancel)
            let subscription = parent.source.subscribe(AnyObserver { sink.on($0) })
            return SinkAndSubscription(sink: sink, subscription: subscription)
        }
    }
}

final class FilterSink<Element>: Sink<Element> {
    private let predicate: (Element) throws -> Bool

    init(predicate: @escaping (Element) throws -> Bool, observer: AnyObserver<Element>, cancel: SinkDisposer) {
        self.predicate = predicate
        super.init(observer: observer, cancel: cancel)
    }

    @inline(__always)
    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            do {
                if try predicate(element) {
                    forwardOn(event)
                }
            } catch {
                forwardTerminal(.error(error))
            }
        case .error, .completed:
            forwardTerminal(event)
        }
    }
}
