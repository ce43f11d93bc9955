import RxBenchCore

/// The floor: the cheapest honest plain Swift for every flow it expresses. The user's closures are composed
/// once per subscription, two stages to a closure (`{ v in let m = map(v); if test(m) { down(m) } }`, as a
/// hand-written pipeline would hold them), once a second value shows the composing will be repaid (a
/// chain on `never` is never built; a first value runs through the stages as they are); each event then
/// runs that chain of closures, each calling its user closures through their contexts (nothing is inlined
/// away: the closures come from the flow at run time). No locks, no event enum, no
/// disposables: a subject is a plain array of subscriptions. Every engine must be at or above it on
/// every workload it expresses (`FloorCheck`). It expresses linear chains (sources, map, compactMap,
/// filter, scan, take, subjects) and refuses the rest.
public struct BaselineAdapter: EngineAdapter {
    public init() {}

    public let descriptor = EngineDescriptor(
        id: "baseline", role: .reference,
        modelledOn: "the floor: plain Swift, the user's closures composed once per subscription, no locks")

    public func stream(_ flow: Flow, subjects: [BaselineSubject]) throws(UnsupportedFlow) -> BaselineChain {
        var stages: [LinearStage] = []
        stages.reserveCapacity(flow.linearStageCount)  // one allocation, not one per doubling
        let source = try flow.linearSource(
            appendingStagesTo: &stages, subjects: subjects, row: descriptor.id, expressesDistinct: true)
        return BaselineChain(source: source, stages: stages)
    }

    public func nativeObserver(_ observer: EventObserver) -> PlainObserver { PlainObserver(observer) }

    public func subscribe(_ stream: BaselineChain, with observer: PlainObserver) -> BaselineSubscription {
        let subscription = BaselineSubscription(observer: observer)
        switch stream.source {
        case .never:
            // No value can ever run the chain, so plain Swift would not build it (composing it anyway made
            // the floor dearer than stage-loop on NeverMapLifecycle[depth=10]); only a take(0) has
            // anything to do: end at once.
            if stream.endsAtSubscription { subscription.complete() }
        case let .subject(subject):
            let next = stream.compose(into: subscription)
            if subscription.isDone { return subscription }  // take(0)
            subject.attach(subscription, next: next)
        case let .just(value):
            send(CollectionOfOne(value), through: stream, to: subscription)
            subscription.complete()
        case let .values(values):
            send(values, through: stream, to: subscription)
            subscription.complete()
        case let .repeating(value, count, thenComplete):
            send(repeatElement(value, count: count), through: stream, to: subscription)
            if thenComplete { subscription.complete() }
        case let .counting(count, thenComplete):
            send(0..<count, through: stream, to: subscription)
            if thenComplete { subscription.complete() }
        }
        return subscription
    }

    /// Sends a source's values down the chain as it subscribes. The chain is composed only once a second value
    /// comes: composing costs a closure per pair of stages, which one value does not repay, so a chain without
    /// state (map, filter, compactMap) runs its first value through the stages as they are, as hand-written
    /// code would for one value (`create(1) -> 6 x (map, filter)` composed six closures to run once). A chain
    /// with state (scan, take) is composed first, so that its state lives in one place.
    private func send<Values: Sequence<Int>>(
        _ values: Values, through stream: BaselineChain, to subscription: BaselineSubscription
    ) {
        var iterator = values.makeIterator()
        var second: Int?
        if stream.isStateless {
            guard let first = iterator.next() else { return }
            stream.run(first, into: subscription.observer.next)
            second = iterator.next()
            guard second != nil else { return }
        }
        let next = stream.compose(into: subscription)
        if let second, !subscription.isDone { next(second) }
        while !subscription.isDone, let value = iterator.next() {
            next(value)
        }
    }

    public func dispose(_ subscription: BaselineSubscription) {
        subscription.dispose()
    }

    /// A plain array of observers with no lock cannot take senders on several threads, nor subscribers
    /// arriving while it delivers.
    public var concurrentSendingUnsupported: UnsupportedFlow? {
        UnsupportedFlow(
            engine: descriptor.id, operation: "sending into a subject from several threads: the floor's subject has no lock")
    }

    public func makeSubject(_ kind: SubjectKind) -> BaselineSubject {
        BaselineSubject(kind: kind)
    }

    public func sender(for subject: BaselineSubject) -> SubjectSender {
        SubjectSender(next: { subject.send($0) }, error: { subject.fail($0) }, completed: { subject.complete() })
    }
}
