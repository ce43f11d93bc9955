extension RACSignal {
    /// RACStream's `-take:`: `bind` with a counter that sets `stop` on the last value, which disposes the
    /// source. `take(0)` is `empty` and never subscribes the source.
    public func take(_ count: Int) -> RACSignal<Value> {
        if count <= 0 { return .empty }
        return bind {
            var taken = 0
            return { value, stop in
                if taken >= count { return nil }
                taken += 1
                if taken == count { stop = true }
                return .return(value)
            }
        }
    }
}
