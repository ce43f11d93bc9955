import Conformance
import EngineRegistry
import Foundation
import RxBenchCore
import Testing
import TestSupport

/// Work queued two deep and more inside the multi-input operators: the observer of `merge`, `combineLatest` and
/// `zip` of two subjects, and of `flatMap` and `flatMapLatest` of a subject whose value `v` selects subject `v`,
/// answers each value by sending into the inputs, and the answer to that answer sends again, three levels down;
/// then one more value comes from outside. Each answer sends into a subject that is not delivering already, so
/// that what is asserted is the operator's rule, not its subjects'. The whole log (`J v` on entry, `J /v` once
/// the handler has returned) is asserted, on every row whose stream delivers on the sending thread. takeUntil has
/// a scenario of its own: its trigger fired two levels down, inside a delivery of its source.
///
/// Rows that deliver these joins from pool threads (async-stream and async-channel iterate their inputs
/// concurrently) are left out by `rows`, and `leftOut` names them: their order between inputs is the scheduler's,
/// which conformance's listed differences already say (LibraryConformanceTests). Their flatMap delivers on the
/// sending thread and is checked, with the standard library's one-inner-at-a-time rule.
@Suite("Re-entrant work queued two deep and more in the multi-input operators", .serialized, .engineExclusive,
       .timeLimit(.minutes(5)))
struct JoinReentrancyTests {
    enum Join: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case merge, combineLatest, zip, flatMap, flatMapLatest
        var testDescription: String { rawValue }

        var flow: Flow {
            switch self {
            case .merge: .merge([.subject(0), .subject(1)])
            case .combineLatest: .combineLatest([.subject(0), .subject(1)], .digits)
            case .zip: .zip([.subject(0), .subject(1)], .digits)
            case .flatMap: .flatMap(.subject(0), FlowSelector("subject v") { .subject($0) })
            case .flatMapLatest: .flatMapLatest(.subject(0), FlowSelector("subject v") { .subject($0) })
            }
        }

        var subjectCount: Int {
            switch self {
            case .merge, .combineLatest, .zip: 2
            case .flatMap, .flatMapLatest: 4
            }
        }

        /// The scenario: (input, value) sends before the observer's first value, the observer's answer to each
        /// value it gets, and the sends from outside afterwards.
        var start: [(input: Int, value: Int)] {
            switch self {
            case .merge: [(0, 1)]
            case .combineLatest: [(1, 5), (0, 1)]
            case .zip: [(0, 1), (1, 5)]
            // Three inner subscriptions, to subjects 1, 2 and 3; then a value from the first.
            case .flatMap: [(0, 1), (0, 2), (0, 3), (1, 10)]
            case .flatMapLatest: [(0, 1), (1, 10)]
            }
        }
        var answers: [Int: [(input: Int, value: Int)]] {
            switch self {
            // 1 -> 2 -> 3 -> 5: three levels below the first delivery.
            case .merge: [1: [(1, 2)], 2: [(0, 3)], 3: [(1, 5)]]
            // 15 -> 25 -> 26 -> 36.
            case .combineLatest: [15: [(0, 2)], 25: [(1, 6)], 26: [(0, 3)]]
            // 15 -> 26 -> 37: each answer is a value into both inputs.
            case .zip: [15: [(0, 2), (1, 6)], 26: [(0, 3), (1, 7)]]
            // 10 -> 20 -> 30, each from another inner subscription.
            case .flatMap: [10: [(2, 20)], 20: [(3, 30)]]
            // 10 -> 20 -> 30, each answer switching to the next subject and sending into it: the inner
            // subscription delivering is replaced while it delivers.
            case .flatMapLatest: [10: [(0, 2), (2, 20)], 20: [(0, 3), (3, 30)]]
            }
        }
        var last: [(input: Int, value: Int)] {
            switch self {
            case .merge: [(1, 4)]
            case .combineLatest: [(1, 7)]
            case .zip: [(0, 4), (1, 8)]
            case .flatMap: [(1, 11)]
            // Subject 1's inner subscription was replaced: only subject 3's value arrives.
            case .flatMapLatest: [(1, 11), (3, 31)]
            }
        }

        /// The values delivered, in the order a queue gives them.
        var values: [Int] {
            switch self {
            case .merge: [1, 2, 3, 5, 4]
            case .combineLatest: [15, 25, 26, 36, 37]
            case .zip: [15, 26, 37, 48]
            case .flatMap: [10, 20, 30, 11]
            case .flatMapLatest: [10, 20, 30, 31]
            }
        }

        /// The whole log under `delivery`: queued, each value after the handler of the one before has returned;
        /// nested, each answer delivered inside the handler that sent it, three levels deep.
        func log(_ delivery: Delivery) -> [String] {
            let chain = values.dropLast()
            let final = values.last!
            switch delivery {
            case .nested:
                return chain.map { "J \($0)" } + chain.reversed().map { "J /\($0)" } + ["J \(final)", "J /\(final)"]
            default:
                return values.flatMap { ["J \($0)", "J /\($0)"] }
            }
        }
    }

    static let rows: [Engine] = EngineRegistry.builtIn.map { Engine(adapter: $0.adapter) }

    @Test("the whole log, in the row's rule", arguments: Self.rows, Join.allCases)
    func join(_ engine: Engine, _ join: Join) throws {
        guard let log = try Self.run(engine.adapter, join) else { return }
        let id = engine.adapter.descriptor.id
        if join == .flatMap, Self.innersOneAtATime.contains(id) {
            // Subject 1's inner sequence never ends, so subjects 2 and 3 are never iterated: 20 is sent into a
            // subject nobody has subscribed to yet, and the chain stops at 10.
            #expect(log == ["J 10", "J /10", "J 11", "J /11"], "\(id) flatMap: one inner at a time")
            return
        }
        let delivery = Rule.of(engine.adapter.descriptor).delivery(of: join)
        #expect(log == join.log(delivery), "\(id) \(join): \(delivery)")
    }

    /// takeUntil's trigger fired three levels down: the observer answers 1 by sending 2 into the source's subject,
    /// and answers 2 by firing the trigger and then sending 3 into the source's subject. The stream ends at the
    /// trigger: 3 (sent after it, from inside the delivery) and 4 (sent from outside afterwards) never arrive, and
    /// the completion lands where the row's takeUntil rule puts it, each re-entrant source value where its
    /// subjects' rule does.
    @Test("takeUntil's trigger fired inside a delivery ends the stream there, in the row's rule", arguments: Self.rows)
    func takeUntil(_ engine: Engine) throws {
        guard let log = try Self.runTakeUntil(engine.adapter) else { return }
        let rule = Rule.of(engine.adapter.descriptor)
        let expected = Self.takeUntilLog(subjects: rule.subjects, takeUntil: rule.takeUntil)
        #expect(log == expected, "\(engine.adapter.descriptor.id): subjects \(rule.subjects), takeUntil \(rule.takeUntil)")
    }

    /// The rows whose takeUntil the scenario cannot check: exactly the floor rows (no takeUntil), Observation (no
    /// subjects), and the rows whose subjects or takeUntil deliver from other threads.
    @Test("the rows left out of the takeUntil scenario are those that cannot express it or deliver from other threads")
    func takeUntilLeftOut() throws {
        let skipped = try Self.rows.filter { try Self.runTakeUntil($0.adapter, probeOnly: true) == nil }
            .map(\.adapter.descriptor.id)
        #expect(Set(skipped) == ["baseline", "stage-loop", "observation", "async-stream", "async-channel"])
    }

    /// The log of the takeUntil scenario under the two rules it passes through: `J v` on entry to the handler of
    /// `v`, `J /v` once it has returned, `C` for the completion.
    static func takeUntilLog(subjects: Delivery, takeUntil: Delivery) -> [String] {
        // Inside J 2's handler the trigger fires (its subject is not delivering): the completion comes at once
        // where takeUntil nests, and once J 2's handler has returned where it queues.
        let second = takeUntil == .nested ? ["J 2", "C", "J /2"] : ["J 2", "J /2", "C"]
        // 2 is sent into the source's subject while that subject delivers 1.
        return subjects == .nested ? ["J 1"] + second + ["J /1"] : ["J 1", "J /1"] + second
    }

    /// The takeUntil scenario's log, or nil where the row has no takeUntil or subjects, or delivers asynchronously.
    static func runTakeUntil<A: EngineAdapter>(_ adapter: A, probeOnly: Bool = false) throws -> [String]? {
        let subjects = try? (0..<2).map { _ in try adapter.makeSubject(.publish) }
        guard let subjects,
            let stream = try? adapter.stream(.takeUntil(.subject(0), trigger: .subject(1)), subjects: subjects),
            !adapter.deliversAsynchronously(stream)
        else { return nil }
        let rule = Rule.of(adapter.descriptor)
        guard rule.subjects == .nested || rule.subjects == .queued else { return nil }
        if probeOnly { return [] }
        let senders = subjects.map { adapter.sender(for: $0) }
        let log = Log()
        let subscription = adapter.subscribe(stream, EventObserver(
            next: { value in
                log.append("J \(value)")
                switch value {
                case 1: senders[0].next(2)
                case 2:
                    senders[1].next(0)
                    senders[0].next(3)
                default: break
                }
                log.append("J /\(value)")
            },
            error: { log.append("E \($0)") },
            completed: { log.append("C") }))
        senders[0].next(1)
        senders[0].next(4)
        adapter.dispose(subscription)
        return withExtendedLifetime(subjects) { log.entries }
    }

    /// Rows whose flatMap is the standard library's `AsyncSequence.flatMap`, which iterates one inner sequence
    /// at a time (a concatMap: docs/decisions/real-libraries.md lists it among their conformance differences).
    static let innersOneAtATime: Set<String> = ["async-stream", "async-channel"]

    /// The rows the suite cannot check, and why: exactly the rows without the operator, those whose joins
    /// deliver from pool threads, and OpenCombine's zip. A row that silently stopped being checked fails here.
    @Test("the rows left out are those without the operator, with pool-thread joins, or refused by their library")
    func leftOut() throws {
        var skipped: [String: [String]] = [:]
        for engine in Self.rows {
            for join in Join.allCases where try Self.run(engine.adapter, join, probeOnly: true) == nil {
                skipped[engine.adapter.descriptor.id, default: []].append(join.rawValue)
            }
        }
        let all = Join.allCases.map(\.rawValue)
        #expect(skipped == [
            "baseline": all, "stage-loop": all, "observation": all,
            // Their flatMapLatest is unsupported (swift-async-algorithms' crashes on Linux), their other joins
            // deliver from pool threads; their flatMap is checked above.
            "async-stream": ["merge", "combineLatest", "zip", "flatMapLatest"],
            "async-channel": ["merge", "combineLatest", "zip", "flatMapLatest"],
            "opencombine": ["zip"],
        ])
    }

    /// Where a library cannot take the scenario at all: it would stop the test process.
    static let refusedByTheLibrary: [String: [Join: String]] = [
        // Publishers.Zip.swift:489-509 (0.14.0): `receivedChildValue` sends the pair downstream while it holds
        // the zip's lock; a value sent into an input from inside that delivery trips
        // `assert(processingValueForChild == nil)` in a debug build, and takes the held lock again in a release one.
        "opencombine": [.zip: "OpenCombine's Zip delivers while holding its lock, so a value sent into an input from downstream cannot be taken"],
    ]

    /// The scenario's log, or nil where the row cannot express the join, delivers it from other threads, or
    /// its library cannot take a re-entrant value there (`refusedByTheLibrary`).
    static func run<A: EngineAdapter>(_ adapter: A, _ join: Join, probeOnly: Bool = false) throws -> [String]? {
        if refusedByTheLibrary[adapter.descriptor.id]?[join] != nil { return nil }
        let subjects = try (0..<join.subjectCount).map { _ in try adapter.makeSubject(.publish) }
        guard let stream = try? adapter.stream(join.flow, subjects: subjects),
            !adapter.deliversAsynchronously(stream)
        else { return nil }
        if probeOnly { return [] }
        let senders = subjects.map { adapter.sender(for: $0) }
        let log = Log()
        let answers = join.answers
        let subscription = adapter.subscribe(stream, EventObserver(next: { value in
            log.append("J \(value)")
            for send in answers[value] ?? [] { senders[send.input].next(send.value) }
            log.append("J /\(value)")
        }))
        for send in join.start { senders[send.input].next(send.value) }
        for send in join.last { senders[send.input].next(send.value) }
        adapter.dispose(subscription)
        return withExtendedLifetime(subjects) { log.entries }
    }
}
