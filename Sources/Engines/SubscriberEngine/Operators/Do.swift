extension RACSignal {
    /// RAC's `-doNext:`: runs the block for each value before it is sent on.
    public func doNext(_ block: @escaping (Value) -> Void) -> RACSignal<Value> {
        doEvents(next: block)
    }

    /// RAC's `-doError:`.
    public func doError(_ block: @escaping (any Error) -> Void) -> RACSignal<Value> {
        doEvents(error: block)
    }

    /// RAC's `-doCompleted:`.
    public func doCompleted(_ block: @escaping () -> Void) -> RACSignal<Value> {
        doEvents(completed: block)
    }

    /// `doNext`, `doError` and `doCompleted` in one stage (what RAC writes as three stages).
    public func doEvents(
        next: ((Value) -> Void)? = nil, error: ((any Error) -> Void)? = nil, completed: (() -> Void)? = nil
    ) -> RACSignal<Value> {
        let source = self
        return .createSignal { subscriber in
            source.subscribeNext(
                { value in
                    next?(value)
                    subscriber.sendNext(value)
                },
                error: { failure in
                    error?(failure)
                    subscriber.sendError(failure)
                },
                completed: {
                    completed?()
                    subscriber.sendCompleted()
                }
            )
        }
    }
}
