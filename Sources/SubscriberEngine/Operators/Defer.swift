extension Signal {
    /// RAC's `+defer:`: the block makes the signal at subscription time, once per subscription.
    public static func `defer`(_ block: @escaping () -> Signal<Value>) -> Signal<Value> {
        .createSignal { subscriber in block().subscribe(subscriber) }
    }
}
