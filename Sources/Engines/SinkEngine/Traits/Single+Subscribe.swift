extension PrimitiveSequence where Trait == SingleTrait {
    /// Subscribes with one closure for the one result. The observable's first event becomes the
    /// `SingleEvent`; a `stopped` flag drops everything after it (the `.completed` that follows `.next`).
    ///
    /// The flag is a plain variable, as RxSwift's: the events of one subscription arrive serially (the
    /// grammar), so no lock is needed. In `sink-locked` the closure is wrapped in an `AnonymousObserver`, as
    /// RxSwift 6.10.2 subscribes it through `subscribe(_ on:)` (Single.swift:53,
    /// ObservableType+Extensions.swift:20).
    public func subscribe(_ observer: @escaping (SingleEvent<Element>) -> Void) -> Disposable {
        var stopped = false
        let handler: (Event<Element>) -> Void = { event in
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
        }
        #if SINK_LOCKED
        return source.subscribe(AnonymousObserver(handler).asObserver)
        #else
        return source.subscribe(AnyObserver(handler))
        #endif
    }

    /// Subscribes with a success and a failure handler.
    ///
    /// In `sink-locked`, as RxSwift 6.10.2's `subscribe(onSuccess:onFailure:onDisposed:)` (Single.swift:131-162):
    /// the result disposes the handler's disposable (the shared no-op one), and the subscription and that
    /// disposable are returned together in a `BinaryDisposable`.
    public func subscribe(
        onSuccess: ((Element) -> Void)? = nil, onFailure: ((Swift.Error) -> Void)? = nil
    ) -> Disposable {
        #if SINK_LOCKED
        let disposable = Disposables.create()
        let subscription = subscribe { event in
            switch event {
            case .success(let element): onSuccess?(element)
            case .failure(let error): onFailure?(error)
            }
            disposable.dispose()
        }
        return Disposables.create(subscription, disposable)
        #else
        return subscribe { event in
            switch event {
            case .success(let element): onSuccess?(element)
            case .failure(let error): onFailure?(error)
            }
        }
        #endif
    }
}
