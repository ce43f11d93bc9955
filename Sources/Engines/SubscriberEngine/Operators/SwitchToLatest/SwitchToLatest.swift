extension RACSignal {
    /// RAC's `-switchToLatest`: forwards the latest inner signal; a new inner disposes the previous one.
    /// Completes when the outer signal and the latest inner have completed.
    ///
    /// RAC derives it from `multicast`, `flattenMap` and `takeUntil:` on the next outer value; this keeps
    /// the same observable behaviour with one serial disposable and a generation count.
    public func switchToLatest<Inner>() -> RACSignal<Inner> where Value == RACSignal<Inner> {
        let source = self
        return .createSignal { subscriber in
            let state = SwitchToLatestState<Inner>(subscriber: subscriber)
            state.subscription.add(
                source.subscribeNext(
                    { [state] inner in state.switchTo(inner) },
                    error: { [state] error in state.fail(error) },
                    completed: { [state] in state.outerCompleted() }
                ))
            return state.subscription
        }
    }

    /// `flatMapLatest`: `map` then `switchToLatest`.
    public func flattenMapLatest<Result>(_ transform: @escaping (Value) -> RACSignal<Result>) -> RACSignal<Result> {
        map(transform).switchToLatest()
    }
}
