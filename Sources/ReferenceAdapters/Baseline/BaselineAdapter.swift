import RxBenchCore

/// The floor: the cheapest honest plain Swift for every flow it expresses. At subscription the user's
/// closures are composed once, two stages to a closure (`{ v in let m = map(v); if test(m) { down(m) } }`,
/// as a hand-written pipeline would hold them); each event then runs that chain of closures, each calling
/// its user closures through their contexts (nothing is inlined away: the closures come from the flow at
/// run time). No locks, no event enum, no
/// disposables: a subject is a plain array of subscriptions. Every engine must be at or above it on
/// every workload it expresses (`FloorCheck`). It expresses linear chains (sources, map, compactMap,
/// filter, scan, take, subjects) and refuses the rest.
public struct BaselineAdapter: EngineAdapter {
    public init() {}

    public let descriptor = EngineDescriptor(
        id: "baseline", role: .reference,
        modelledOn: "the floor: plain Swift, the user's closures composed once per subscription, no locks")

    public func stream(_ flow: Flow, subjects: [BaselineSubject]) throws(UnsupportedFlow) -> BaselineChain {
        var stages: [BaselineChain.Stage] = []
        var current = flow
        while true {
            switch current {
            case let .map(upstream, transform):
                stages.append(.map(transform.apply))
                current = upstream
            case let .filter(upstream, predicate):
                stages.append(.filter(predicate.test))
                current = upstream
            case let .compactMap(upstream, transform):
                stages.append(.compactMap(transform.apply))
                current = upstream
            case let .scan(upstream, seed, accumulator):
                stages.append(.scan(seed: seed, accumulator.combine))
                current = upstream
            case let .singleFlatMap(upstream, selector):
                // A next request answered at once is a function of the answer: the floor calls it as one.
                guard let answer = selector.answer else {
                    throw UnsupportedFlow(engine: descriptor.id, operation: "singleFlatMap with answers given later")
                }
                stages.append(.map(answer.apply))
                current = upstream
            case let .single(.success(value)):
                return BaselineChain(source: .just(value), stages: stages)
            case let .take(upstream, count):
                stages.append(.take(max(0, count)))
                current = upstream
            case let .just(value):
                return BaselineChain(source: .just(value), stages: stages)
            case let .from(values):
                return BaselineChain(source: .values(values), stages: stages)
            case .empty:
                return BaselineChain(source: .values([]), stages: stages)
            case .never:
                return BaselineChain(source: .never, stages: stages)
            case let .create(.repeating(value, count, thenComplete)):
                return BaselineChain(
                    source: .repeating(value: value, count: count, thenComplete: thenComplete), stages: stages)
            case let .create(.counting(count, thenComplete)):
                return BaselineChain(source: .counting(count: count, thenComplete: thenComplete), stages: stages)
            case let .subject(index):
                if let unexpressed = subjects[index].unexpressed {
                    throw UnsupportedFlow(engine: descriptor.id, operation: unexpressed)
                }
                return BaselineChain(source: .subject(subjects[index]), stages: stages)
            default:
                throw UnsupportedFlow(engine: descriptor.id, operation: current.operatorName)
            }
        }
    }

    public func nativeObserver(_ observer: EventObserver) -> PlainObserver { PlainObserver(observer) }

    public func subscribe(_ stream: BaselineChain, with observer: PlainObserver) -> BaselineSubscription {
        let subscription = BaselineSubscription(observer: observer)
        if case .never = stream.source {
            // No value can ever run the chain, so plain Swift would not build it (composing it anyway made
            // the floor dearer than stage-loop on NeverMapLifecycle[depth=10]); only a take(0) has
            // anything to do: end at once.
            if stream.endsAtSubscription { subscription.complete() }
            return subscription
        }
        let next = stream.compose(into: subscription)
        if subscription.isDone { return subscription }  // take(0)
        switch stream.source {
        case let .just(value):
            next(value)
            subscription.complete()
        case let .values(values):
            for value in values {
                if subscription.isDone { break }
                next(value)
            }
            subscription.complete()
        case .never:
            break
        case let .repeating(value, count, thenComplete):
            for _ in 0..<count {
                if subscription.isDone { break }
                next(value)
            }
            if thenComplete { subscription.complete() }
        case let .counting(count, thenComplete):
            for value in 0..<count {
                if subscription.isDone { break }
                next(value)
            }
            if thenComplete { subscription.complete() }
        case let .subject(subject):
            subject.attach(subscription, next: next)
        }
        return subscription
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
