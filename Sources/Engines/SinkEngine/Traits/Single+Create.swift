extension PrimitiveSequence where Trait == SingleTrait {
    public typealias SingleObserver = (SingleEvent<Element>) -> Void

    /// A cold `Single`: `subscribe` runs for each subscription and answers through the closure it is given.
    /// `.success` is `.next` then `.completed` on an `AnonymousObservable`, so whatever the producer sends
    /// after its first answer meets the sink's stopped flag and is dropped: the first answer wins.
    public static func create(subscribe: @escaping (@escaping SingleObserver) -> Disposable) -> Single<Element> {
        let source = Observable<Element>.create { observer in
            subscribe { event in
                switch event {
                case .success(let element):
                    observer.onNext(element)
                    observer.onCompleted()
                case .failure(let error):
                    observer.onError(error)
                }
            }
        }
        return Single(raw: source)
    }
}
