extension RACSignal {
    /// Runs the block once when a subscription ends, by dispose or after its terminal event (RAC adds
    /// a block disposable to the subscription; its `-finally:` covers only the terminal events).
    public func doDisposed(_ block: @escaping () -> Void) -> RACSignal<Value> {
        let source = self
        return .createSignal { subscriber in
            let subscription = CompoundDisposable()
            subscription.add(Disposable(block))
            subscription.add(source.subscribe(subscriber))
            return subscription
        }
    }
}
