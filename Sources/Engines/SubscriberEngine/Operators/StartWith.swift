extension RACSignal {
    /// RACStream's `-startWith:`: `return` concatenated before the source.
    public func startWith(_ value: Value) -> RACSignal<Value> {
        RACSignal.concat([.return(value), self])
    }

    /// Several start values, sent synchronously at subscription, then the source.
    public func startWith(_ values: [Value]) -> RACSignal<Value> {
        if values.isEmpty { return self }
        if values.count == 1 { return startWith(values[0]) }
        return RACSignal.concat([.from(values), self])
    }
}
