extension RACSignal {
    /// RAC's `-aggregateWithStart:reduce:` (reduce): the final accumulation, the start value if the source
    /// was empty, sent on completion. RAC builds it from `scanWithStart:`, `startWith:` and `takeLast:`;
    /// this keeps the running value in the subscription instead, which sends the same events.
    public func aggregate<State>(
        withStart start: State, reduce: @escaping (State, Value) -> State
    ) -> RACSignal<State> {
        let source = self
        return .createSignal { subscriber in
            // Only touched from the source subscriber's blocks, which its lock serialises.
            var running = start
            return source.subscribeNext(
                { value in running = reduce(running, value) },
                error: { subscriber.sendError($0) },
                completed: {
                    subscriber.sendNext(running)
                    subscriber.sendCompleted()
                }
            )
        }
    }
}
