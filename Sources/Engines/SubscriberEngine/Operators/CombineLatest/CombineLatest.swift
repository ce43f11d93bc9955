extension RACSignal {
    /// RAC's `-combineLatestWith:`: pairs of the latest values once both sides have sent one. Completes
    /// when both have completed, also when a side completed without ever sending a value (RAC's rule,
    /// see docs/decisions/completion-rules.md); the first error ends everything.
    public func combineLatest<Other>(with other: RACSignal<Other>) -> RACSignal<(Value, Other)> {
        let source = self
        return .createSignal { subscriber in
            let state = CombineLatestPairState<Value, Other>(subscriber: subscriber)
            state.subscription.add(
                source.subscribeNext(
                    { [state] in state.nextFirst($0) },
                    error: { [state] in state.fail($0) },
                    completed: { [state] in state.completedFirst() }
                ))
            state.subscription.add(
                other.subscribeNext(
                    { [state] in state.nextSecond($0) },
                    error: { [state] in state.fail($0) },
                    completed: { [state] in state.completedSecond() }
                ))
            return state.subscription
        }
    }

    /// RAC's `+combineLatest:reduce:` for two inputs: `+join:block:`'s stages around the fold
    /// (`JoinStages.swift`), then the reducer mapped as `-reduceEach:` does.
    public static func combineLatest<A, B>(
        _ a: RACSignal<A>, _ b: RACSignal<B>, reduce: @escaping (A, B) -> Value
    ) -> RACSignal<Value> {
        a.joinFirstInputStage().combineLatest(with: b).joinUnwrapStage().map { reduce($0.0, $0.1) }
    }

    /// Three inputs, folded pairwise with `combineLatestWith:` as RAC's `+combineLatest:` does.
    public static func combineLatest<A, B, C>(
        _ a: RACSignal<A>, _ b: RACSignal<B>, _ c: RACSignal<C>, reduce: @escaping (A, B, C) -> Value
    ) -> RACSignal<Value> {
        a.joinFirstInputStage().combineLatest(with: b).combineLatest(with: c).joinUnwrapStage()
            .map { reduce($0.0.0, $0.0.1, $0.1) }
    }

    /// Four inputs, folded pairwise.
    public static func combineLatest<A, B, C, D>(
        _ a: RACSignal<A>, _ b: RACSignal<B>, _ c: RACSignal<C>, _ d: RACSignal<D>, reduce: @escaping (A, B, C, D) -> Value
    ) -> RACSignal<Value> {
        a.joinFirstInputStage().combineLatest(with: b).combineLatest(with: c).combineLatest(with: d).joinUnwrapStage()
            .map { reduce($0.0.0.0, $0.0.0.1, $0.0.1, $0.1) }
    }

    /// Any number of inputs: the latest value of each, in input order. (RAC folds these pairwise into
    /// tuples; one N-way stage sends the same events with one array per combination.)
    public static func combineLatest<Element>(_ signals: [RACSignal<Element>]) -> RACSignal<Value> where Value == [Element] {
        joinAll(signals, into: CombineLatestState<Element>.self)
    }
}
