extension RACSignal {
    /// RAC's `+merge:`: a signal sending each input, flattened, so every input runs at once; completes
    /// when all have completed, and the first error ends everything.
    public static func merge(_ signals: [RACSignal<Value>]) -> RACSignal<Value> {
        if signals.isEmpty { return .empty }
        return RACSignal<RACSignal<Value>>.from(signals).flatten()
    }

    /// RAC's `-merge:`.
    public func merge(_ other: RACSignal<Value>) -> RACSignal<Value> { .merge([self, other]) }
}
