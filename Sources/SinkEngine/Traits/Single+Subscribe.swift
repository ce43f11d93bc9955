extension PrimitiveSequence where Trait == SingleTrait {
    /// Subscribes with one closure for the one result. The observable's first event becomes the
    /// `SingleEvent`; a `stopped` flag drops everything after it (the `.completed` that follows `.next`).
    ///
    /// The flag is a plain variable, as RxSwift's: the events of one subscription arrive serially (the
    /// grammar), so no lock is needed.
    public func subscribe(_ observer: @escaping (SingleEvent<Element>) -> Void) -> Disposable {
        var stopped = false
        return source.subscribe(AnyObserver { event in
            if stopped { return }
            stopped = true
            switch event {
            case .next(let element):
                observer(.success(element))
            case .error(let error):
                observer(.failure(error))
            case .completed:
                // Unreachable through the public API (`create` and `asSingle()` never complete without an
                // element); RxSwift fails here in debug builds too (`rxFatalErrorInDebug`).
                assertionFailure("Singles can't emit a completion event")
            }
        })
    }

    /// Subscribes with a success and a failure handler.
    public func subscribe(
        onSuccess: ((Element) -> Void)? = nil, onFailure: ((Swift.Error) -> Void)? = nil
    ) -> Disposable {
        subscribe { event in
            switch event {
            case .success(let element): onSuccess?(element)
            case .failure(let error): onFailure?(error)
            }
        }
    }
}
