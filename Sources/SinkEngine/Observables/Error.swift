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
        super.init(subscribe: { producer, observer in
            observer.on(.error(unsafeDowncast(producer, to: ErrorProducer<Element>.self).error))
            return Disposables.create()
        })
    }
}
