extension RACSignal {
    /// RAC's `-zipWith:`: pairs the n-th values of both sides. Completes once a side has completed and
    /// every value it sent has been paired; the first error ends everything.
    public func zip<Other>(with other: RACSignal<Other>) -> RACSignal<(Value, Other)> {
        let source = self
        return .createSignal { subscriber in
            let state = ZipPairState<Value, Other>(subscriber: subscriber)
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

    /// RAC's `+zip:reduce:` for two inputs: `+join:block:`'s stages around the fold (`JoinStages.swift`),
    /// then the reducer mapped as `-reduceEach:` does.
    public static func zip<A, B>(_ a: RACSignal<A>, _ b: RACSignal<B>, reduce: @escaping (A, B) -> Value) -> RACSignal<Value> {
        a.joinFirstInputStage().zip(with: b).joinUnwrapStage().map { reduce($0.0, $0.1) }
    }

    /// Three inputs, folded pairwise with `zipWith:` as RAC's `+zip:` does.
    public static func zip<A, B, C>(
        _ a: RACSignal<A>, _ b: RACSignal<B>, _ c: RACSignal<C>, reduce: @escaping (A, B, C) -> Value
    ) -> RACSignal<Value> {
        a.joinFirstInputStage().zip(with: b).zip(with: c).joinUnwrapStage()
            .map { reduce($0.0.0, $0.0.1, $0.1) }
    }

    /// Four inputs, folded pairwise.
    public static func zip<A, B, C, D>(
        _ a: RACSignal<A>, _ b: RACSignal<B>, _ c: RACSignal<C>, _ d: RACSignal<D>, reduce: @escaping (A, B, C, D) -> Value
    ) -> RACSignal<Value> {
        a.joinFirstInputStage().zip(with: b).zip(with: c).zip(with: d).joinUnwrapStage()
            .map { reduce($0.0.0.0, $0.0.0.1, $0.0.1, $0.1) }
    }

    /// Any number of inputs: the n-th value of each, in input order.
    public static func zip<Element>(_ signals: [RACSignal<Element>]) -> RACSignal<Value> where Value == [Element] {
        joinAll(signals, into: ZipState<Element>.self)
    }
}
