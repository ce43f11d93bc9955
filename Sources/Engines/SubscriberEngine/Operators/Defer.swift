extension RACSignal {
    /// RAC's `+defer:`: the block makes the signal at subscription time, once per subscription.
    public static func `defer`(_ block: @escaping () -> RACSignal<Value>) -> RACSignal<Value> {
        .createSignal { subscriber in block().subscribe(subscriber) }
    }
}
