extension RACSignal {
    /// The first stage of RACStream's `+join:block:`, which `+combineLatest:` and `+zip:` are made of: the
    /// first input's values mapped into one-element tuples (RACStream.m:201-204), a `map`, so a bind stage
    /// on that input. Only `subscriber-locked-dependency` (SUBSCRIBER_LOCKED) has it: Swift's values are
    /// typed, so the stage maps each value to itself; the lean engine leaves it out.
    @inline(__always)
    func joinFirstInputStage() -> RACSignal<Value> {
        #if SUBSCRIBER_LOCKED
        map { $0 }
        #else
        self
        #endif
    }

    /// The inputs of an N-input combineLatest or zip, the first through `joinFirstInputStage()`; the lean
    /// engine's are `signals` as they are (no copy).
    static func joinInputs(_ signals: [RACSignal<Value>]) -> [RACSignal<Value>] {
        #if SUBSCRIBER_LOCKED
        var inputs = signals
        if let first = inputs.first { inputs[0] = first.joinFirstInputStage() }
        return inputs
        #else
        signals
        #endif
    }

    /// The last stage of `+join:block:`: the nested tuples unwrapped into one (RACStream.m:214-228), a `map`
    /// after the pairwise fold and before `-reduceEach:` maps the reducer (RACSignal+Operations.m:456-467,
    /// RACStream.m:237-248). SUBSCRIBER_LOCKED only, as `joinFirstInputStage()`.
    @inline(__always)
    func joinUnwrapStage() -> RACSignal<Value> {
        #if SUBSCRIBER_LOCKED
        map { $0 }
        #else
        self
        #endif
    }
}
