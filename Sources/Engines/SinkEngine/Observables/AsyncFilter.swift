extension Producer {
    /// Each element is handed to `predicate` with a one-shot reply; the element is forwarded when the
    /// reply is `true`. A `flatMap` into a one-time observable, like `asyncMap`.
    public func asyncFilter(
        _ predicate: @escaping (Element, @escaping (Bool) -> Void) -> Void
    ) -> Observable<Element> {
        flatMap { element in
            Observable<Element>.create { observer in
                predicate(element) { accepted in
                    if accepted { observer.onNext(element) }
                    observer.onCompleted()
                }
                return Disposables.create()
            }
        }
    }
}
