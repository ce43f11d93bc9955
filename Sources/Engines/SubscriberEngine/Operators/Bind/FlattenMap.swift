extension RACSignal {
    /// RAC's `-flattenMap:`: `bind` with a binding block that never stops; each value becomes a signal
    /// whose events are merged into the result (`nil` counts as empty).
    public func flattenMap<Result>(_ transform: @escaping (Value) -> RACSignal<Result>?) -> RACSignal<Result> {
        bind {
            { value, _ in transform(value) ?? .empty }
        }
    }
}
