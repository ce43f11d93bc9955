extension RACSignal {
    /// RAC's `-subscribeOn:`: the subscription (and what it emits synchronously) happens on `scheduler`.
    public func subscribeOn(_ scheduler: Scheduler) -> RACSignal<Value> {
        let source = self
        return .createSignal { subscriber in
            let subscription = CompoundDisposable()
            subscription.add(
                scheduler.schedule {
                    subscription.add(source.subscribe(subscriber))
                })
            return subscription
        }
    }
}
