extension Producer {
    /// Each element is handed to `transform` with a one-shot reply; the replies are forwarded in the
    /// order they arrive. Built as RAC's `st_asyncMap` is: a `flatMap` into a one-time observable that
    /// completes itself after its first value.
    public func asyncMap<Result>(
        _ transform: @escaping (Element, @escaping (Result) -> Void) -> Void
    ) -> Observable<Result> {
        flatMap { element in
            Observable<Result>.create { observer in
                transform(element) { result in
                    observer.onNext(result)
                    observer.onCompleted()
                }
                return Disposables.create()
            }
        }
    }
}
