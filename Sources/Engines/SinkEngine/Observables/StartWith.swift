extension Producer {
    /// `elements` first, synchronously at subscription, then the source.
    public func startWith(_ elements: Element...) -> Observable<Element> {
        StartWith(source: self, elements: elements)
    }

    /// `elements` first, synchronously at subscription, then the source.
    public func startWith(contentsOf elements: [Element]) -> Observable<Element> {
        StartWith(source: self, elements: elements)
    }
}

/// Like RxSwift's, it needs no sink: it sends the elements and hands the observer to the source.
final class StartWith<Element>: Producer<Element> {
    let source: Observable<Element>
    let elements: [Element]

    init(source: Observable<Element>, elements: [Element]) {
        self.source = source
        self.elements = elements
        super.init { (parent: StartWith<Element>, observer, _) in
            for element in parent.elements {
                observer.on(.next(element))
            }
            return SinkAndSubscription(sink: Disposables.create(), subscription: parent.source.subscribe(observer))
        }
    }
}
