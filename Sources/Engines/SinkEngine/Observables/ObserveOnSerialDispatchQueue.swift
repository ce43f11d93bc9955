/// `observe(on:)` with a serial dispatch queue, as RxSwift 6 has it: every event is scheduled on the queue
/// by itself, and the queue's order is the delivery order. One scheduled action per event, where the
/// queue-and-drain `ObserveOnSink` schedules once per burst; the cost per event is therefore fixed (one
/// action and its closure), which is also what makes its allocation count exact across runs.
final class ObserveOnSerialDispatchQueueSink<Element>: Sink<Element> {
    private let scheduler: SerialDispatchQueueScheduler

    init(scheduler: SerialDispatchQueueScheduler, observer: AnyObserver<Element>, cancel: SinkDisposer) {
        self.scheduler = scheduler
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<Element>) {
        scheduler.schedule { [self] in deliver(event) }
    }

    /// On the queue: nothing after dispose; a terminal event ends the subscription.
    private func deliver(_ event: Event<Element>) {
        if event.isStopEvent {
            forwardTerminal(event)
        } else {
            forwardOn(event)
        }
    }
}
