extension Signal {
    /// RAC's `-initially:`: runs the block at each subscription, before the source is subscribed.
    public func initially(_ block: @escaping () -> Void) -> Signal<Value> {
        let source = self
        return .createSignal { subscriber in
            block()
            return source.subscribe(subscriber)
        }
    }
}
