extension RACSignal {
    /// ReactiveObjC's `-tryMap:`: `flattenMap` into a `return` signal, or into an `error` signal when the
    /// block answers `nil`, with the error it set through `errorPtr`; the error ends the stream and `bind`
    /// disposes the source.
    // RAC has no throwing blocks: Objective-C reports failure through `NSError **`, here `inout Error?`.
    public func tryMap<Result>(_ transform: @escaping (Value, _ errorPtr: inout Error?) -> Result?) -> RACSignal<Result> {
        flattenMap { value in
            var error: Error?
            guard let mapped = transform(value, &error) else { return .error(error ?? SignalError.missingError) }
            return .return(mapped)
        }
    }
}

/// What an operator sends when a block reports failure without setting its error (RAC sends `nil`).
public enum SignalError: Error, Equatable {
    case missingError
}
