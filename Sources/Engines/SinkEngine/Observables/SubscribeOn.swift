extension Producer {
    /// Subscribes (and so runs the subscription's synchronous work) on `scheduler`.
    public func subscribe(on scheduler: ImmediateSchedulerType) -> Observable<Element> {
        SubscribeOn(source: self, scheduler: scheduler)
    }
}

final class SubscribeOn<Element>: Producer<Element> {
    let source: Observable<Element>
    let scheduler: ImmediateSchedulerType

    init(source: Observable<Element>, scheduler: ImmediateSchedulerType) {
        self.source = source
        self.scheduler = scheduler
        super.init { (parent: SubscribeOn<Element>, observer, cancel) in
            let sink = ForwardingSink(observer: observer, cancel: cancel)
            // First the scheduled action, then the subscription it makes; disposing it disposes either.
            let disposeEverything = SerialDisposable()
            let cancelSchedule = SingleAssignmentDisposable()
            disposeEverything.disposable = cancelSchedule
            let source = parent.source
            cancelSchedule.setDisposable(parent.scheduler.schedule {
                disposeEverything.disposable = source.subscribe(AnyObserver { sink.on($0) })
            })
            return SinkAndSubscription(sink: sink, subscription: disposeEverything)
        }
    }
}
