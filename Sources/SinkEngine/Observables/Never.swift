extension Producer {
    /// No event, ever.
    public static func never() -> Observable<Element> {
        NeverProducer()
    }
}

final class NeverProducer<Element>: Producer<Element> {
    init() {
        super.init { _, _, _ in
            SinkAndSubscription(sink: Disposables.create(), subscription: Disposables.create())
        }
    }
}
