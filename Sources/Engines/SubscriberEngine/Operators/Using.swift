extension RACSignal {
    /// A resource per subscription (RAC has no `using`; this is the RAC-idiomatic equivalent): `acquire`
    /// runs at subscription, the body signal is subscribed with the resource, and `release` runs exactly
    /// once when the subscription ends (terminal event or dispose), from a block disposable.
    public static func using<Resource>(
        acquire: @escaping () -> Resource,
        release: @escaping (Resource) -> Void,
        _ body: @escaping (Resource) -> RACSignal<Value>
    ) -> RACSignal<Value> {
        .createSignal { subscriber in
            let resource = acquire()
            let subscription = CompoundDisposable()
            subscription.add(Disposable { release(resource) })
            subscription.add(body(resource).subscribe(subscriber))
            return subscription
        }
    }
}
