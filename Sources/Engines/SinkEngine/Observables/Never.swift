extension Producer {
    /// No event, ever.
    public static func never() -> Observable<Element> {
        NeverProducer()
    }
}

final class NeverProducer<Element>: Producer<Element> {
    init() {
        super.init(subscribe: { (_: NeverProducer<Element>, _) in Disposables.create() })
    }
}
