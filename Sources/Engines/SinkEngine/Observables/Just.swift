extension Producer {
    /// One element, then completed.
    public static func just(_ element: Element) -> Observable<Element> {
        Just(element)
    }
}

/// Like RxSwift's `Just`, it sends at subscription and needs no sink nor disposer.
final class Just<Element>: Producer<Element> {
    let element: Element

    init(_ element: Element) {
        self.element = element
        super.init(subscribe: { (just: Just<Element>, observer) in
            observer.on(.next(just.element))
            observer.on(.completed)
            return Disposables.create()
        })
    }
}
