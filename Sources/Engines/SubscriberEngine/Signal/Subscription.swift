extension RACSignal {
    /// RAC's `-subscribeNext:error:completed:`: subscribes a `ClosureSubscriber` (RACSubscriber) made of
    /// the blocks. Returns the subscription's disposable, `nil` for constant signals (already finished).

    @discardableResult
    public func subscribeNext(
        _ next: @escaping (Value) -> Void,
        error: @escaping (any Error) -> Void = { _ in },
        completed: @escaping () -> Void = {}
    ) -> Disposable? {
        subscribe(ClosureSubscriber(next: next, error: error, completed: completed))
    }

    /// RAC's `-subscribeError:`.

    @discardableResult
    public func subscribeError(_ error: @escaping (any Error) -> Void) -> Disposable? {
        subscribeNext({ _ in }, error: error)
    }

    /// RAC's `-subscribeCompleted:`.

    @discardableResult
    public func subscribeCompleted(_ completed: @escaping () -> Void) -> Disposable? {
        subscribeNext({ _ in }, completed: completed)
    }
}
