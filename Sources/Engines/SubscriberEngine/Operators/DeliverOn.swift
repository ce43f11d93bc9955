extension RACSignal {
    /// RAC's `-deliverOn:`: every event is sent on `scheduler`, in order for serial schedulers.
    ///
    /// RAC adds each scheduled block's disposable to the subscription; here the events are enqueued
    /// without one, because the passthrough subscriber they are sent to drops them once disposed.
    public func deliverOn(_ scheduler: Scheduler) -> RACSignal<Value> {
        let source = self
        return .createSignal { subscriber in
            source.subscribeNext(
                { value in scheduler.enqueue { subscriber.sendNext(value) } },
                error: { error in scheduler.enqueue { subscriber.sendError(error) } },
                completed: { scheduler.enqueue { subscriber.sendCompleted() } }
            )
        }
    }
}
