extension RACSignal {
    /// A filter whose predicate may fail: `flattenMap` into `return` (kept), `empty` (dropped) or `error`
    /// (failed), the shape of ReactiveObjC's `-try:` and `-filter:` joined; the error ends the stream and
    /// `bind` disposes the source.
    // RAC has no throwing blocks: Objective-C reports failure through `NSError **`, here `inout Error?`
    // (a predicate answers `nil` when it failed).
    public func tryFilter(_ predicate: @escaping (Value, _ errorPtr: inout Error?) -> Bool?) -> RACSignal<Value> {
        flattenMap { value in
            var error: Error?
            guard let keep = predicate(value, &error) else { return .error(error ?? SignalError.missingError) }
            return keep ? .return(value) : .empty
        }
    }
}
