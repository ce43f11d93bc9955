import RxBenchCore

/// What the two plain-Swift rows (`baseline`, `stage-loop`) express: a source, then a line of stateless and
/// counting stages. Both read a flow into it the same way; they differ in what they make of the stages
/// (closures composed once per subscription, against an array walked per value).
enum LinearSource<Subject> {
    case just(Int)
    case values([Int])
    case never
    case repeating(value: Int, count: Int, thenComplete: Bool)
    case counting(count: Int, thenComplete: Bool)
    case subject(Subject)
}

/// One stage of a linear flow, holding the user's closure as plain Swift holds it: the flow's `plain` form where
/// it gives one (every workload does), else a closure calling the generic one (FlowClosures.swift).
enum LinearStage {
    case map((Int) -> Int)
    case filter((Int) -> Bool)
    case compactMap((Int) -> Int?)
    case scan(seed: Int, (Int, Int) -> Int)
    case take(Int)
    /// distinctUntilChanged: the first value passes, then each that differs from the one before.
    case distinct
}

// A flow's closure as plain Swift calls it: the `plain` form where the flow gives one (every workload does),
// else a closure calling the generic one. Not `plainApply ?? { ... }`: `??` is generic, and a closure passing
// through it is wrapped twice (two allocations per stage).
extension FlowTransform where Value == Int {
    var plainForm: (Int) -> Int {
        if let plainApply { return plainApply }
        return { self.apply($0) }
    }
}

extension FlowPartialTransform where Value == Int {
    var plainForm: (Int) -> Int? {
        if let plainApply { return plainApply }
        return { self.apply($0) }
    }
}

extension FlowPredicate where Value == Int {
    var plainForm: (Int) -> Bool {
        if let plainTest { return plainTest }
        return { self.test($0) }
    }
}

extension FlowAccumulator where Value == Int {
    var plainForm: (Int, Int) -> Int {
        if let plainCombine { return plainCombine }
        return { self.combine($0, $1) }
    }
}

/// A plain-Swift subject: it may keep a kind of subject the rows do not express.
protocol LinearSubject {
    /// Why a flow reading this subject is declined, or nil.
    var unexpressed: String? { get }
}

extension Flow {
    /// Reads this flow as a source and its stages: appends the stages to `stages`, the one nearest the
    /// observer first, and returns the source. A flow that is not linear is declined, naming `row`.
    @inline(__always)
    func linearSource<Subject: LinearSubject>(
        appendingStagesTo stages: inout [LinearStage], subjects: [Subject], row: String, expressesDistinct: Bool = false
    ) throws(UnsupportedFlow) -> LinearSource<Subject> {
        var current = self
        while true {
            switch current {
            case let .map(upstream, transform):
                stages.append(.map(transform.plainForm))
                current = upstream
            case let .filter(upstream, predicate):
                stages.append(.filter(predicate.plainForm))
                current = upstream
            case let .compactMap(upstream, transform):
                stages.append(.compactMap(transform.plainForm))
                current = upstream
            case let .scan(upstream, seed, accumulator):
                stages.append(.scan(seed: seed, accumulator.plainForm))
                current = upstream
            case let .singleFlatMap(upstream, selector):
                // A next request answered at once is a function of the answer: plain Swift calls it as one.
                guard let answer = selector.answer else {
                    throw UnsupportedFlow(engine: row, operation: "singleFlatMap with answers given later")
                }
                stages.append(.map(answer.plainForm))
                current = upstream
            case let .take(upstream, count):
                stages.append(.take(max(0, count)))
                current = upstream
            case let .distinctUntilChanged(upstream) where expressesDistinct:
                stages.append(.distinct)
                current = upstream
            case let .single(.success(value)), let .just(value):
                return .just(value)
            case let .from(values):
                return .values(values)
            case .empty:
                return .values([])
            case .never:
                return .never
            case let .create(.repeating(value, count, thenComplete)):
                return .repeating(value: value, count: count, thenComplete: thenComplete)
            case let .create(.counting(count, thenComplete)):
                return .counting(count: count, thenComplete: thenComplete)
            case let .subject(index):
                if let unexpressed = subjects[index].unexpressed {
                    throw UnsupportedFlow(engine: row, operation: unexpressed)
                }
                return .subject(subjects[index])
            default:
                throw UnsupportedFlow(engine: row, operation: current.operatorName)
            }
        }
    }

    /// How many stages `linearSource` appends: the linear operators above the source.
    var linearStageCount: Int {
        var count = 0
        var current = self
        while true {
            switch current {
            case let .map(upstream, _), let .filter(upstream, _), let .compactMap(upstream, _),
                let .scan(upstream, _, _), let .singleFlatMap(upstream, _), let .take(upstream, _),
                let .distinctUntilChanged(upstream):
                count += 1
                current = upstream
            default:
                return count
            }
        }
    }
}

/// How a plain-Swift subject of a kind replays: the rows keep one value, not a buffer.
struct LinearSubjectRules {
    /// A late subscriber gets the latest value.
    let replays: Bool
    /// Replay-last replays its value to a late subscriber after the terminal event; behavior does not.
    let replaysAfterTermination: Bool
    /// The value a late subscriber gets before any is sent.
    let initial: Int?
    /// Set for a kind the rows do not express (`.replay(bufferSize:)`): the adapter declines flows reading it.
    let unexpressed: String?

    @inline(__always)
    init(_ kind: SubjectKind) {
        switch kind {
        case .publish:
            (replays, replaysAfterTermination, initial, unexpressed) = (false, false, nil, nil)
        case let .replay(bufferSize):
            (replays, replaysAfterTermination, initial) = (false, false, nil)
            unexpressed = "replay(bufferSize: \(bufferSize)) subject: the floor keeps one value, not a buffer"
        case let .replayLast(initial):
            (replays, replaysAfterTermination, self.initial, unexpressed) = (true, true, initial, nil)
        case let .behavior(initial):
            (replays, replaysAfterTermination, self.initial, unexpressed) = (true, false, initial, nil)
        }
    }
}
