extension Producer {
    /// Completed at once.
    public static func empty() -> Observable<Element> {
        Empty()
    }
}

final class Empty<Element>: Producer<Element> {
    init() {
        super.init(subscribe: { (_: Empty<Element>, observer) in
            observer.on(.completed)
            return Disposables.create()
        })
    }
}
