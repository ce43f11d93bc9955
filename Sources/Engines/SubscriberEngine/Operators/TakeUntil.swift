extension RACSignal {
    /// RAC's `-takeUntil:`: the source until the trigger sends a value, then completed. A trigger error
    /// is forwarded; unlike RAC, a trigger that completes without a value changes nothing (the suite's
    /// contract, and RxSwift's behaviour).
    public func takeUntil<Trigger>(_ trigger: RACSignal<Trigger>) -> RACSignal<Value> {
        let source = self
        return .createSignal { subscriber in
            let subscription = CompoundDisposable()
            subscription.add(
                trigger.subscribeNext(
                    { _ in
                        subscriber.sendCompleted()
                        subscription.dispose()
                    },
                    error: { error in
                        subscriber.sendError(error)
                        subscription.dispose()
                    }
                ))
            if subscription.isDisposed { return nil }
            subscription.add(source.subscribe(subscriber))
            return subscription
        }
    }
}
