extension RACSignal {
    /// RACStream's `-skip:`: `bind` answering `empty` for the first `count` values.
    public func skip(_ count: Int) -> RACSignal<Value> {
        if count <= 0 { return self }
        return bind {
            var skipped = 0
            return { value, _ in
                if skipped < count {
                    skipped += 1
                    return .empty
                }
                return .return(value)
            }
        }
    }
}
