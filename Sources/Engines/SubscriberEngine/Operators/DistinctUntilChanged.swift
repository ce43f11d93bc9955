extension RACSignal where Value: Equatable {
    /// RACStream's `-distinctUntilChanged`: `bind` remembering the last value sent.
    public func distinctUntilChanged() -> RACSignal<Value> {
        bind {
            var last: Value?
            return { value, _ in
                if let previous = last, previous == value { return .empty }
                last = value
                return .return(value)
            }
        }
    }
}

extension RACSignal {
    /// `-distinctUntilChanged` with the equality supplied: the key and comparer forms.
    // RACStream compares with `-isEqual:` only; a key or comparer is the same `bind` with the test supplied.
    public func distinctUntilChanged(isEqual: @escaping (Value, Value) -> Bool) -> RACSignal<Value> {
        bind {
            var last: Value?
            return { value, _ in
                if let previous = last, isEqual(previous, value) { return .empty }
                last = value
                return .return(value)
            }
        }
    }
}
