extension Producer {
    /// Completed at once.
    public static func empty() -> Observable<Element> {
        Empty()
    }
}

final class Empty<Element>: Producer<Element> {
    init() {
        super.init { _, observer, _ in
            observer.on(.completed)
            return SinkAndSubscription(sink: Disposables.create(), subscription: Disposables.create())
        }
    }
}
