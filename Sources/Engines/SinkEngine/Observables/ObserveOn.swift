import Synchronization

extension Producer {
    /// Delivers every event on `scheduler`, in order.
    public func observe(on scheduler: ImmediateSchedulerType) -> Observable<Element> {
        ObserveOn(source: self, scheduler: scheduler)
    }
}

final class ObserveOn<Element>: Producer<Element> {
    let source: Observable<Element>
    let scheduler: ImmediateSchedulerType

    init(source: Observable<Element>, scheduler: ImmediateSchedulerType) {
        self.source = source
        self.scheduler = scheduler
        super.init { (parent: ObserveOn<Element>, observer, cancel) in
            // RxSwift 6 picks the sink by scheduler: a serial dispatch queue gets each event scheduled on
            // its own (ObserveOnSerialDispatchQueue); other schedulers get the queue-and-drain sink.
            if let serial = parent.scheduler as? SerialDispatchQueueScheduler {
                let sink = ObserveOnSerialDispatchQueueSink(scheduler: serial, observer: observer, cancel: cancel)
                let subscription = parent.source.subscribe(AnyObserver { sink.on($0) })
                return SinkAndSubscription(sink: sink, subscription: subscription)
            }
            let sink = ObserveOnSink(scheduler: parent.scheduler, observer: observer, cancel: cancel)
            let subscription = parent.source.subscribe(AnyObserver { sink.on($0) })
            return SinkAndSubscription(sink: sink, subscription: subscription)
        }
    }
}

final class ObserveOnSink<Element>: Sink<Element> {
    /// The queue of events waiting for the scheduler.
    private struct State {
        var queue: [Event<Element>] = []
        /// A drain is scheduled or running; new events join the queue.
        var isScheduled = false
    }

    private let scheduler: ImmediateSchedulerType
    // Guards the queue and `isScheduled`; never held while delivering.
    private let lock = SpinLock()
    private var guarded = State()

    @inline(__always)
    private func withState<R>(_ body: (inout State) -> R) -> R {
        lock.withLock { body(&guarded) }
    }

    init(scheduler: ImmediateSchedulerType, observer: AnyObserver<Element>, cancel: SinkDisposer) {
        self.scheduler = scheduler
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<Element>) {
        let shouldSchedule = withState { state -> Bool in
            state.queue.append(event)
            if state.isScheduled { return false }
            state.isScheduled = true
            return true
        }
        if shouldSchedule {
            scheduler.schedule { [self] in drain() }
        }
    }

    private func drain() {
        while true {
            let batch: [Event<Element>]? = withState { state in
                if state.queue.isEmpty {
                    state.isScheduled = false
                    return nil
                }
                let batch = state.queue
                state.queue = []
                return batch
            }
            guard let batch else { return }
            for event in batch {
                if event.isStopEvent {
                    forwardTerminal(event)
                } else {
                    forwardOn(event)
                }
            }
        }
    }
}
