extension Producer {
    /// The error at once.
    public static func error(_ error: Swift.Error) -> Observable<Element> {
        ErrorProducer(error)
    }
}

final class ErrorProducer<Element>: Producer<Element> {
    let error: Swift.Error

    init(_ error: Swift.Error) {
        self.error = error
        super.init(subscribe: { (producer: ErrorProducer<Element>, observer) in
            observer.on(.error(producer.error))
            return Disposables.create()
        })
    }
}
