import RxBenchCore

/// One subscription of a baseline chain: the stage closures, their per-subscription state (scan
/// accumulators, take counters) and the observer. Single-threaded by design: the floor has no locks.
public final class StageLoopPipeline: @unchecked Sendable {
    private let stages: [LinearStage]
    // Single-threaded by design, so the per-event dynamic exclusivity checks are turned off.
    @exclusivity(unchecked) private var state: [Int]
    private let observer: PlainObserver
    @exclusivity(unchecked) private(set) var isDone = false
    weak var subject: StageLoopSubject?

    init(stages: [LinearStage], observer: PlainObserver) {
        self.stages = stages
        self.observer = observer
        state = stages.map {
            if case let .scan(seed, _) = $0 { seed } else { 0 }
        }
    }

    /// Runs one value through every stage, in a loop over the closures.
    func push(_ value: Int) {
        var reachedTakeLimit = false
        if let output = run(value, reachedTakeLimit: &reachedTakeLimit) { observer.next(output) }
        if reachedTakeLimit { complete() }
    }

    /// The value after every stage, or nil where a stage dropped it. The stages are read through a
    /// buffer pointer, so calling a stage's closure does not retain it.
    private func run(_ value: Int, reachedTakeLimit: inout Bool) -> Int? {
        var value = value
        return stages.withUnsafeBufferPointer { stages in
            for index in stages.indices {
                switch stages[index] {
                case let .map(transform):
                    value = transform(value)
                case let .filter(test):
                    if !test(value) { return nil }
                case let .compactMap(transform):
                    guard let mapped = transform(value) else { return nil }
                    value = mapped
                case let .scan(_, accumulate):
                    value = accumulate(state[index], value)
                    state[index] = value
                case .distinct:
                    preconditionFailure("stage-loop reads no distinctUntilChanged (its adapter declines it)")
                case let .take(limit):
                    if state[index] >= limit { return nil }
                    state[index] += 1
                    if state[index] == limit { reachedTakeLimit = true }
                }
            }
            return value
        }
    }

    func complete() {
        guard !isDone else { return }
        isDone = true
        observer.completed()
        subject?.detach(self)
    }

    func fail(_ error: BenchError) {
        guard !isDone else { return }
        isDone = true
        observer.error(error)
        subject?.detach(self)
    }

    func dispose() {
        isDone = true
        subject?.detach(self)
    }
}

/// A subject for the floor: an array of pipelines, no locks.
public final class StageLoopSubject: LinearSubject, @unchecked Sendable {
    private var pipelines: [StageLoopPipeline] = []
    private var latest: Int?
    private let replays: Bool
    private let replaysAfterTermination: Bool
    /// The terminal event, once there is one: nil while live, `.some(nil)` completed, `.some(error)` failed. A
    /// late subscriber gets this one, and a second terminal event changes nothing.
    private var terminal: BenchError??

    /// `LinearSubjectRules` says what these are.
    let unexpressed: String?

    init(kind: SubjectKind) {
        let rules = LinearSubjectRules(kind)
        (replays, replaysAfterTermination, latest, unexpressed) =
            (rules.replays, rules.replaysAfterTermination, rules.initial, rules.unexpressed)
    }

    func attach(_ pipeline: StageLoopPipeline) {
        if replays, terminal == nil || replaysAfterTermination, let latest { pipeline.push(latest) }
        if let terminal {
            if let error = terminal { pipeline.fail(error) } else { pipeline.complete() }
            return
        }
        pipeline.subject = self
        pipelines.append(pipeline)
    }

    func detach(_ pipeline: StageLoopPipeline) {
        if let index = pipelines.firstIndex(where: { $0 === pipeline }) { pipelines.remove(at: index) }
        pipeline.subject = nil
    }

    func send(_ value: Int) {
        guard terminal == nil else { return }
        if replays { latest = value }
        for pipeline in pipelines { pipeline.push(value) }
    }

    func complete() {
        guard terminal == nil else { return }
        terminal = .some(nil)
        for pipeline in pipelines { pipeline.complete() }
    }

    func fail(_ error: BenchError) {
        guard terminal == nil else { return }
        terminal = .some(error)
        for pipeline in pipelines { pipeline.fail(error) }
    }
}
