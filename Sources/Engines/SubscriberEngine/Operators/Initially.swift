extension RACSignal {
    /// RAC's `-initially:`: runs the block at each subscription, before the source is subscribed.
    public func initially(_ block: @escaping () -> Void) -> RACSignal<Value> {
        let source = self
        return .createSignal { subscriber in
            block()
            return source.subscribe(subscriber)
        }
    }
}
