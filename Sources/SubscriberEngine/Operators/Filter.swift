extension Signal {
    /// RACStream's `-filter:`: `flattenMap` into `return` (kept) or `empty` (dropped) signals.
    public func filter(_ predicate: @escaping (Value) -> Bool) -> Signal<Value> {
        flattenMap { value in predicate(value) ? .return(value) : .empty }
    }
}
