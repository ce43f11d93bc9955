extension RACSignal {
    /// RACStream's `-map:`: `flattenMap` into a `return` signal, so every value allocates and subscribes
    /// a one-value signal. That cost is the design being measured; `mapDirect` is the variant without it.
    public func map<Result>(_ transform: @escaping (Value) -> Result) -> RACSignal<Result> {
        flattenMap { value in .return(transform(value)) }
    }
}
