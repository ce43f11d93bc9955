extension RACSignal {
    /// RACStream's `-filter:`: `flattenMap` into `return` (kept) or `empty` (dropped) signals.
    public func filter(_ predicate: @escaping (Value) -> Bool) -> RACSignal<Value> {
        flattenMap { value in predicate(value) ? .return(value) : .empty }
    }
}
