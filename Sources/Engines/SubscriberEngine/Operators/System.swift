extension RACSignal {
    /// RxFeedback's `system(initialState:reduce:feedbacks:)` from this engine's operators: the state is a
    /// `scan` over the merged mutations of the feedbacks, starting with `initialState`; each feedback
    /// receives the state through a capacity-1 replay subject delivered on `scheduler` (the trampoline by
    /// default, so a feedback answering synchronously loops in the trampoline instead of the stack).
    /// Everything is made per subscription (`defer`).
    public static func system<Mutation>(
        initialState: Value,
        reduce: @escaping (Value, Mutation) -> Value,
        scheduler: Scheduler = .trampoline,
        feedbacks: [(RACSignal<Value>) -> RACSignal<Mutation>]
    ) -> RACSignal<Value> {
        .defer {
            let replay = ReplaySubject<Value>(capacity: 1)
            let state = replay.signal.deliverOn(scheduler)
            let states = RACSignal<Mutation>.merge(feedbacks.map { $0(state) })
                .scan(withStart: initialState, reduce: reduce)
                .doNext { replay.sendNext($0) }
            // Feed the initial state once the feedbacks are subscribed (RxFeedback's `onSubscribed`).
            let fed = RACSignal<Value>.createSignal { subscriber in
                let subscription = states.subscribe(subscriber)
                replay.sendNext(initialState)
                return subscription
            }
            return fed.startWith(initialState)
        }
    }
}
