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
        var stages: [LinearStage] = []
        var source = try flow.linearSource(appendingStagesTo: &stages, subjects: subjects, row: descriptor.id)
        // The loop reads one kind of finite source, an array.
        if case let .just(value) = source { source = .values([value]) }
        return StageLoopChain(source: source, stages: stages.reversed())
    }

    public func nativeObserver(_ observer: EventObserver) -> PlainObserver { PlainObserver(observer) }

    public func subscribe(_ stream: StageLoopChain, with observer: PlainObserver) -> StageLoopPipeline {
        let pipeline = StageLoopPipeline(stages: stream.stages, observer: observer)
        switch stream.source {
        case let .values(values):
            for value in values where !pipeline.isDone { pipeline.push(value) }
            pipeline.complete()
        case .just:
            preconditionFailure("stream(_:) hands a just source on as values")
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

/// A translated chain: where values come from and the stages they pass, the source's side first.
public struct StageLoopChain: @unchecked Sendable {
    let source: LinearSource<StageLoopSubject>
    let stages: [LinearStage]
}
