extension RACSignal {
    /// The block `bind` calls for each value: it returns the signal to splice in (or `nil` to stop), and
    /// may set `stop` to end the source after this value (RACStreamBindBlock).
    public typealias BindBlock<Result> = (_ value: Value, _ stop: inout Bool) -> RACSignal<Result>?

    /// RAC's `-bind:`, the primitive the stream operators are derived from. For each subscription,
    /// `block` makes a fresh binding block (so operators can keep per-subscription state in it). Each
    /// source value goes through the binding block; the signal it returns is subscribed at once and its
    /// values forwarded. A `nil` signal or `stop` ends the source. The result completes once the source
    /// and every spliced signal have completed; any error ends everything.
    public func bind<Result>(_ block: @escaping () -> BindBlock<Result>) -> RACSignal<Result> {
        let source = self
        return .createSignal { subscriber in
            let state = BindState<Value, Result>(subscriber: subscriber, bindingBlock: block())
            state.subscribe(to: source)
            #if SUBSCRIBER_LOCKED
            // RAC's bind returns its own compound disposable (RACSignal.m:113, :174).
            return state.disposable
            #else
            // Everything was added to the subscription's own compound disposable.
            return nil
            #endif
        }
    }
}
