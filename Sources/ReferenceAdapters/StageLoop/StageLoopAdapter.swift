import RxBenchCore

/// A reference row that answers one question: what does interpreting a chain cost? A chain is an array
/// of stage enums walked in a loop for each value, calling each stage's closure. It was rxbench's first
/// floor; it is no floor (the per-stage switch costs about three times what composed closures cost, and
/// engines beat it), so `baseline` is now the composed-closure floor and this row keeps its own name.
/// It expresses the linear pipelines (sources, map, compactMap, filter, scan, take) and refuses the rest.
public struct StageLoopAdapter: EngineAdapter {
    public init() {}

    public let descriptor = EngineDescriptor(
        id: "stage-loop", role: .reference,
        modelledOn: "plain Swift interpreter: stage enums in an array, walked in a loop per value")

    public func stream(_ flow: Flow, subjects: [StageLoopSubject]) throws(UnsupportedFlow) -> StageLoopChain {
        var stages: [StageLoopStage] = []
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
                return StageLoopChain(source: .values([value]), stages: stages.reversed())
            case let .take(upstream, count):
                stages.append(.take(count))
                current = upstream
            case let .just(value):
                return StageLoopChain(source: .values([value]), stages: stages.reversed())
            case let .from(values):
                return StageLoopChain(source: .values(values), stages: stages.reversed())
            case .empty:
                return StageLoopChain(source: .values([]), stages: stages.reversed())
            case .never:
                return StageLoopChain(source: .never, stages: stages.reversed())
            case let .create(.repeating(value, count, thenComplete)):
                return StageLoopChain(
                    source: .repeating(value: value, count: count, thenComplete: thenComplete), stages: stages.reversed())
            case let .create(.counting(count, thenComplete)):
                return StageLoopChain(source: .counting(count: count, thenComplete: thenComplete), stages: stages.reversed())
            case let .subject(index):
                if let unexpressed = subjects[index].unexpressed {
                    throw UnsupportedFlow(engine: descriptor.id, operation: unexpressed)
                }
                return StageLoopChain(source: .subject(subjects[index]), stages: stages.reversed())
            default:
                throw UnsupportedFlow(engine: descriptor.id, operation: current.operatorName)
            }
        }
    }

    public func nativeObserver(_ observer: EventObserver) -> PlainObserver { PlainObserver(observer) }

    public func subscribe(_ stream: StageLoopChain, with observer: PlainObserver) -> StageLoopPipeline {
        let pipeline = StageLoopPipeline(stages: stream.stages, observer: observer)
        switch stream.source {
        case let .values(values):
            for value in values where !pipeline.isDone { pipeline.push(value) }
            pipeline.complete()
        case .never:
            break
        case let .repeating(value, count, thenComplete):
            for _ in 0..<count where !pipeline.isDone { pipeline.push(value) }
            if thenComplete { pipeline.complete() }
        case let .counting(count, thenComplete):
            for value in 0..<count where !pipeline.isDone { pipeline.push(value) }
            if thenComplete { pipeline.complete() }
        case let .subject(subject):
            subject.attach(pipeline)
        }
        return pipeline
    }

    public func dispose(_ subscription: StageLoopPipeline) {
        subscription.dispose()
    }

    /// A plain array of observers with no lock cannot take senders on several threads, nor subscribers
    /// arriving while it delivers.
    public var concurrentSendingUnsupported: UnsupportedFlow? {
        UnsupportedFlow(
            engine: descriptor.id, operation: "sending into a subject from several threads: this row's subject has no lock")
    }

    public func makeSubject(_ kind: SubjectKind) -> StageLoopSubject {
        StageLoopSubject(kind: kind)
    }

    public func sender(for subject: StageLoopSubject) -> SubjectSender {
        SubjectSender(
            next: { subject.send($0) }, error: { subject.fail($0) }, completed: { subject.complete() })
    }
}

/// A translated chain: where values come from and the stages they pass.
public struct StageLoopChain: @unchecked Sendable {
    enum Source {
        case values([Int])
        case never
        case repeating(value: Int, count: Int, thenComplete: Bool)
        case counting(count: Int, thenComplete: Bool)
        case subject(StageLoopSubject)
    }

    let source: Source
    let stages: [StageLoopStage]
}

enum StageLoopStage {
    case map((Int) -> Int)
    case filter((Int) -> Bool)
    case compactMap((Int) -> Int?)
    case scan(seed: Int, (Int, Int) -> Int)
    case take(Int)
}
