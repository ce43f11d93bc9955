extension Producer {
    /// Subscribes with closures. The returned disposable ends the subscription.
    ///
    /// In `sink-locked` this is RxSwift 6.10.2's `subscribe(onNext:onError:onCompleted:)`
    /// (ObservableType+Extensions.swift:79-121): the closures go into an `AnonymousObserver`, a terminal event
    /// disposes the handler's disposable (the shared no-op one, as no `onDisposed` is given), and the
    /// subscription and that disposable are returned together in a `BinaryDisposable`. The lean engine
    /// subscribes one closure as the observer.
    public func subscribe(
        onNext: ((Element) -> Void)? = nil,
        onError: ((Swift.Error) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil
    ) -> Disposable {
        #if SINK_LOCKED
        let disposable = Disposables.create()
        let observer = AnonymousObserver<Element> { event in
            switch event {
            case .next(let element):
                onNext?(element)
            case .error(let error):
                onError?(error)
                disposable.dispose()
            case .completed:
                onCompleted?()
                disposable.dispose()
            }
        }
        return Disposables.create(subscribe(observer.asObserver), disposable)
        #else
        return subscribe(AnyObserver { event in
            switch event {
            case .next(let element): onNext?(element)
            case .error(let error): onError?(error)
            case .completed: onCompleted?()
            }
        })
        #endif
    }
}
