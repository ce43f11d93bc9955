import RxBenchCore

/// The floor: the same computation as plain Swift. A chain is an array of stage closures called in a loop
/// for each value, so nothing is inlined away and no reactive machinery runs. It expresses the linear
/// pipelines (sources, map, compactMap, filter, scan, take) and refuses everything else.
public struct BaselineAdapter: EngineAdapter {
    public init() {}

    public let descriptor = EngineDescriptor(
        id: "baseline", role: .reference, modelledOn: "plain Swift: stage closures in an array, called in a loop")

    public func stream(_ flow: Flow, subjects: [BaselineSubject]) throws(UnsupportedFlow) -> BaselineChain {
        var stages: [BaselineStage] = []
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
            case let .take(upstream, count):
                stages.append(.take(count))
                current = upstream
            case let .just(value):
                return BaselineChain(source: .values([value]), stages: stages.reversed())
            case let .from(values):
                return BaselineChain(source: .values(values), stages: stages.reversed())
            case .empty:
                return BaselineChain(source: .values([]), stages: stages.reversed())
            case .never:
                return BaselineChain(source: .never, stages: stages.reversed())
            case let .create(.repeating(value, count, thenComplete)):
                return BaselineChain(
                    source: .repeating(value: value, count: count, thenComplete: thenComplete), stages: stages.reversed())
            case let .create(.counting(count, thenComplete)):
                return BaselineChain(source: .counting(count: count, thenComplete: thenComplete), stages: stages.reversed())
            case let .subject(index):
                return BaselineChain(source: .subject(subjects[index]), stages: stages.reversed())
            default:
                throw UnsupportedFlow(engine: descriptor.id, operation: current.operatorName)
            }
        }
    }

    public func subscribe(_ stream: BaselineChain, _ observer: EventObserver) -> BaselinePipeline {
        let pipeline = BaselinePipeline(stages: stream.stages, observer: observer)
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

    public func dispose(_ subscription: BaselinePipeline) {
        subscription.dispose()
    }

    public func makeSubject(_ kind: SubjectKind) -> BaselineSubject {
        BaselineSubject(kind: kind)
    }

    public func sender(for subject: BaselineSubject) -> SubjectSender {
        SubjectSender(
            next: { subject.send($0) }, error: { subject.fail($0) }, completed: { subject.complete() })
    }
}

/// A translated chain: where values come from and the stages they pass.
public struct BaselineChain: @unchecked Sendable {
    enum Source {
        case values([Int])
        case never
        case repeating(value: Int, count: Int, thenComplete: Bool)
        case counting(count: Int, thenComplete: Bool)
        case subject(BaselineSubject)
    }

    let source: Source
    let stages: [BaselineStage]
}

enum BaselineStage {
    case map((Int) -> Int)
    case filter((Int) -> Bool)
    case compactMap((Int) -> Int?)
    case scan(seed: Int, (Int, Int) -> Int)
    case take(Int)
}
