extension RACSignal {
    /// `compactMap` in RAC's idiom: `flattenMap` into `return` for a non-nil result and `empty` for nil
    /// (RAC spells it `map` then `ignore:nil`; one bind stage is the same mechanism at half the cost).
    public func filterMap<Result>(_ transform: @escaping (Value) -> Result?) -> RACSignal<Result> {
        flattenMap { value in
            if let result = transform(value) { return .return(result) }
            return .empty
        }
    }
}
