extension RACSignal {
    /// `aggregate(withStart:reduce:)` whose block may fail: the final accumulation on completion, or, at the
    /// block's first failure, that error (which disposes the source subscription; no result is sent).
    // RAC has no throwing blocks: Objective-C reports failure through `NSError **`, here `inout Error?` with
    // a `nil` answer, as `-tryMap:` does.
    public func tryAggregate<State>(
        withStart start: State, reduce: @escaping (State, Value, _ errorPtr: inout Error?) -> State?
    ) -> RACSignal<State> {
        let source = self
        return .createSignal { subscriber in
            // Only touched from the source subscriber's blocks, which its lock serialises; `nil` once failed,
            // so that values a synchronous source still sends do not reach the block.
            var running: State? = start
            return source.subscribeNext(
                { value in
                    guard let current = running else { return }
                    var error: Error?
                    running = reduce(current, value, &error)
                    if running == nil { subscriber.sendError(error ?? SignalError.missingError) }
                },
                error: { subscriber.sendError($0) },
                completed: {
                    guard let running else { return }
                    subscriber.sendNext(running)
                    subscriber.sendCompleted()
                }
            )
        }
    }
}
