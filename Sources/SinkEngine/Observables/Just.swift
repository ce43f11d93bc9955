extension Producer {
    /// One element, then completed.
    public static func just(_ element: Element) -> Observable<Element> {
        Just(element)
    }
}

/// Like RxSwift's `Just`, it sends at subscription and needs no sink.
final class Just<Element>: Producer<Element> {
    let element: Element

    init(_ element: Element) {
        self.element = element
        super.init { producer, observer, _ in
            let parent = unsafeDowncast(producer, to: Just<Element>.self)
            observer.on(.next(parent.element))
            observer.on(.completed)
            return SinkAndSubscription(sink: Disposables.create(), subscription: Disposables.create())
        }
    }
}
