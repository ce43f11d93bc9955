extension Signal {
    /// RACStream's `-startWith:`: `return` concatenated before the source.
    public func startWith(_ value: Value) -> Signal<Value> {
        Signal.concat([.return(value), self])
    }

    /// Several start values, sent synchronously at subscription, then the source.
    public func startWith(_ values: [Value]) -> Signal<Value> {
        if values.isEmpty { return self }
        if values.count == 1 { return startWith(values[0]) }
        return Signal.concat([.from(values), self])
    }
}
