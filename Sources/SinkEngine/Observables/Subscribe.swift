extension Producer {
    /// Subscribes with closures. The returned disposable ends the subscription.
    public func subscribe(
        onNext: ((Element) -> Void)? = nil,
        onError: ((Swift.Error) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil
    ) -> Disposable {
        subscribe(AnyObserver { event in
            switch event {
            case .next(let element): onNext?(element)
            case .error(let error): onError?(error)
            case .completed: onCompleted?()
            }
        })
    }
}
