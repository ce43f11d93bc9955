extension RACSignal {
    /// RAC's `-catch:`: on error, continues with the signal the handler returns for it.
    public func `catch`(_ handler: @escaping (any Error) -> RACSignal<Value>) -> RACSignal<Value> {
        let source = self
        return .createSignal { subscriber in
            let replacement = SerialDisposable()
            let subscription = CompoundDisposable()
            subscription.add(replacement)
            subscription.add(
                source.subscribeNext(
                    { subscriber.sendNext($0) },
                    error: { error in replacement.disposable = handler(error).subscribe(subscriber) },
                    completed: { subscriber.sendCompleted() }
                ))
            return subscription
        }
    }
}
