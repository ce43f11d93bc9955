/// The per-subscription state of an N-input join (`combineLatest` or `zip` over an array): what each
/// input's events do to it.
protocol JoinAllState: AnyObject {
    associatedtype Element
    init(count: Int, subscriber: PassthroughSubscriber<[Element]>)
    /// Every input's subscription; disposed when the join ends.
    var subscription: CompoundDisposable { get }
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
