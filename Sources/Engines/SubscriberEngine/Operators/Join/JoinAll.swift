/// One subscription of a join (pairwise or N-input, combineLatest or zip): the subscriber it sends to, and
/// every input's subscription, disposed when the join ends.
protocol JoinSubscription: AnyObject {
    associatedtype Output
    var subscriber: PassthroughSubscriber<Output> { get }
    var subscription: CompoundDisposable { get }
}

extension JoinSubscription {
    /// Ends the join: `send` sends the terminal event, then every input's subscription is disposed.
    @inline(__always)
    func finish(_ send: (PassthroughSubscriber<Output>) -> Void) {
        send(subscriber)
        subscription.dispose()
    }
}

/// The per-subscription state of an N-input join (`combineLatest` or `zip` over an array): what each
/// input's events do to it.
protocol JoinAllState: JoinSubscription where Output == [Element] {
    associatedtype Element
    init(count: Int, subscriber: PassthroughSubscriber<[Element]>)
    func next(_ value: Element, at index: Int)
    func completed(at index: Int)
    func fail(_ error: any Error)
}

extension RACSignal {
    /// An N-input join: every input subscribed in order into one `State`, then `+join:block:`'s unwrap
    /// stage. RAC folds N inputs pairwise (RACStream.m:193-248); one N-way stage sends the same events with
    /// one array per value sent.
    static func joinAll<State: JoinAllState>(_ signals: [RACSignal<State.Element>], into _: State.Type)
        -> RACSignal<Value> where Value == [State.Element]
    {
        if signals.isEmpty { return .empty }
        let inputs = RACSignal<State.Element>.joinInputs(signals)
        return RACSignal.createSignal { subscriber in
            let state = State(count: inputs.count, subscriber: subscriber)
            for (index, signal) in inputs.enumerated() {
                if state.subscription.isDisposed { break }
                state.subscription.add(
                    signal.subscribeNext(
                        { [state] in state.next($0, at: index) },
                        error: { [state] in state.fail($0) },
                        completed: { [state] in state.completed(at: index) }
                    ))
            }
            return state.subscription
        }.joinUnwrapStage()
    }
}

/// The flag every join's state keeps: whether its terminal event has been sent. Its two transitions are
/// written once here, for the four join states (pairwise and N-input, combineLatest and zip).
protocol JoinProgress {
    /// A terminal event has been sent.
    var finished: Bool { get set }
}

extension JoinProgress {
    /// Marks the join finished; true if this call finished it (so it sends the terminal event).
    @inline(__always)
    mutating func finishFirst() -> Bool {
        defer { finished = true }
        return !finished
    }

    /// Marks the join finished if `done` and it was not yet; true if this call finished it.
    @inline(__always)
    mutating func finish(when done: Bool) -> Bool {
        guard !finished, done else { return false }
        finished = true
        return true
    }
}
