extension RACSignal {
    /// A scan whose reduce block may fail: `-scanWithStart:reduce:`'s `bind` carrying the running value,
    /// splicing in an `error` signal when the block answers `nil`; the error ends the stream and `bind`
    /// disposes the source.
    // RAC has no throwing blocks: Objective-C reports failure through `NSError **`, here `inout Error?`.
    public func tryScan<State>(
        withStart start: State, reduce: @escaping (State, Value, _ errorPtr: inout Error?) -> State?
    ) -> RACSignal<State> {
        bind {
            var running = start
            return { value, _ in
                var error: Error?
                guard let next = reduce(running, value, &error) else {
                    return .error(error ?? SignalError.missingError)
                }
                running = next
                return .return(running)
            }
        }
    }
}
