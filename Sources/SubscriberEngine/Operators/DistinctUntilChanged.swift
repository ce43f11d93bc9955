extension Signal where Value: Equatable {
    /// RACStream's `-distinctUntilChanged`: `bind` remembering the last value sent.
    public func distinctUntilChanged() -> Signal<Value> {
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
