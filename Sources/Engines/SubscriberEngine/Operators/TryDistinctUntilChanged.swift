extension RACSignal {
    /// `-distinctUntilChanged` by a key whose block may fail: the `bind` keeps the key of the last value sent
    /// and splices in an `error` signal when the block answers `nil`; the error ends the stream and `bind`
    /// disposes the source.
    // RAC has no throwing blocks: Objective-C reports failure through `NSError **`, here `inout Error?`. The
    // key is taken as each value arrives (the first one's too) and kept, not recomputed for the previous value.
    public func tryDistinctUntilChanged<Key: Equatable>(
        key: @escaping (Value, _ errorPtr: inout Error?) -> Key?
    ) -> RACSignal<Value> {
        bind {
            var lastKey: Key?
            return { value, _ in
                var error: Error?
                guard let current = key(value, &error) else { return .error(error ?? SignalError.missingError) }
                if let previous = lastKey, previous == current { return .empty }
                lastKey = current
                return .return(value)
            }
        }
    }

    /// `-distinctUntilChanged` with a comparer block that may fail, the same `bind` with the last value sent.
    public func tryDistinctUntilChanged(
        isEqual: @escaping (Value, Value, _ errorPtr: inout Error?) -> Bool?
    ) -> RACSignal<Value> {
        bind {
            var last: Value?
            return { value, _ in
                if let previous = last {
                    var error: Error?
                    guard let equal = isEqual(previous, value, &error) else {
                        return .error(error ?? SignalError.missingError)
                    }
                    if equal { return .empty }
                }
                last = value
                return .return(value)
            }
        }
    }
}
