import Conformance
import EngineRegistry
import Foundation
import RxBenchCore
import Testing
import TestSupport

/// Orders under re-entrant delivery, on every built-in row, through the adapters (as the conformance runner
/// runs them): a value sent back into a merge input from inside the merge's observer, a value sent into a
/// subject from inside one of its observers, a subscription made to a subject during its delivery.
///
/// Not catalogue cases: the catalogue's marble cases have one observer and no hook that reaches a subject's
/// sender, and new cases would change the committed reports of the real-library rows (Libraries/), so these
/// run here over `EngineRegistry.builtIn`. Each observer logs `name value` on entry and, where it acts
/// re-entrantly, `name /value` once its act has returned; the test asserts the whole interleaved log, which
/// holds every observer's whole sequence and where the re-entrant delivery fell.
///
/// Where the rows' rules differ, the expected log follows the row's rule (`Rule`), named in the test.
@Suite("Re-entrant delivery orders on every built-in row", .serialized, .engineExclusive, .timeLimit(.minutes(5)))
struct ReentrancyTests {
    /// Every built-in row, library rows included, but those whose subjects are observed state: an Observation
    /// observer reads the property after each change and registers again, so a value sent while it waits to read
    /// reaches it only as the latest, in the registrar's order, which changes from one send to the next. No
    /// delivery order of these tests describes that; ObservationConformanceTests checks what holds in every order.
    static let rows: [Engine] = EngineRegistry.builtIn.filter { !observedState.contains($0.descriptor.id) }
        .map { Engine(adapter: $0.adapter) }
    static let observedState: Set = ["observation"]
    /// The rows that can express `merge` of subjects: all but those that say they cannot (checked below).
    static let mergingRows = rows.filter { mergeRefusal($0.adapter) == nil }
    /// Rows that have no merge operator: the plain-Swift references.
    static let rowsWithoutMerge: Set = ["baseline", "stage-loop"]

    @Test("a value sent into a merge input from inside the merge's observer", arguments: mergingRows)
    func mergeInput(_ engine: Engine) throws {
        let rule = Rule.of(engine.adapter.descriptor)
        let log = try Self.mergeFeedback(engine.adapter)
        #expect(log == rule.merge.mergeFeedback, "\(engine.adapter.descriptor.id): \(rule.merge)")
    }

    /// Two values queued behind one delivery must come out in the order they were sent: a merge that queues
    /// (sink's `SerializingSink`, signal's merge drain) and ran its queue newest-first passed `mergeInput`, whose
    /// queue never holds more than one value (the mutation check's sink-serial-newest-first and
    /// signal-merge-newest-first, docs/mutation.md).
    @Test("two values sent into a merge input from inside one delivery keep their order", arguments: mergingRows)
    func mergeInputTwice(_ engine: Engine) throws {
        let rule = Rule.of(engine.adapter.descriptor)
        let log = try Self.mergeFeedbackTwice(engine.adapter)
        #expect(log == rule.merge.mergeFeedbackTwice, "\(engine.adapter.descriptor.id): \(rule.merge)")
    }

    /// The rows left out of `mergeInput` are exactly those without a merge operator, and say so.
    @Test("only the rows without a merge operator cannot run the merge scenario")
    func mergeRefusals() {
        for engine in Self.rows {
            let id = engine.adapter.descriptor.id
            let refusal = Self.mergeRefusal(engine.adapter)
            #expect((refusal != nil) == Self.rowsWithoutMerge.contains(id), "\(id): \(refusal ?? "runs merge")")
        }
    }

    @Test("a value sent into a subject from inside its first observer", arguments: rows, Self.kinds)
    func subjectSend(_ engine: Engine, _ kind: Kind) throws {
        let rule = Rule.of(engine.adapter.descriptor)
        let log = try Self.subjectFeedback(engine.adapter, kind.subject)
        rule.check(log, SubjectModel.Scenario(kind: kind, feedback: true, late: false), engine.adapter.descriptor.id)
    }

    @Test("a subscription made to a subject during its delivery", arguments: rows, Self.kinds)
    func subscribeDuringDelivery(_ engine: Engine, _ kind: Kind) throws {
        let rule = Rule.of(engine.adapter.descriptor)
        let log = try Self.lateSubscriber(engine.adapter, kind.subject, sendFirst: false)
        rule.check(log, SubjectModel.Scenario(kind: kind, feedback: false, late: true), engine.adapter.descriptor.id)
    }

    /// RxSwift's case (Tests/SinkEngineTests/Lifecycle/SubjectConcurrencyTests.swift): the late subscriber starts from
    /// the subject as the re-entrant 2 left it: a behavior subject replays 2, a publish subject gives it none.
    @Test("a value sent, then a subscription made, from inside a subject's observer", arguments: rows, Self.kinds)
    func sendThenSubscribeDuringDelivery(_ engine: Engine, _ kind: Kind) throws {
        let rule = Rule.of(engine.adapter.descriptor)
        let log = try Self.lateSubscriber(engine.adapter, kind.subject, sendFirst: true)
        rule.check(log, SubjectModel.Scenario(kind: kind, feedback: true, late: true), engine.adapter.descriptor.id)
    }

    /// The model's logs for the fixed subscriber order, written out: the model is what the rules are
    /// checked against, so it is checked against the orders the rule documents describe.
    @Test("the subject model gives the documented orders")
    func model() {
        let feedback = SubjectModel.Scenario(kind: .behavior, feedback: true, late: true)
        #expect(SubjectModel.log(feedback, delivery: .queued, order: ["A", "B", "C"]) == [
            "A 0", "A /0", "B 0", "A 1", "A /1", "B 1", "A 2", "A /2", "B 2", "C 2", "A 3", "A /3", "B 3", "C 3",
        ])
        #expect(SubjectModel.log(feedback, delivery: .nested, order: ["A", "B", "C"]) == [
            "A 0", "A /0", "B 0", "A 1", "A 2", "A /2", "B 2", "C 2", "A /1", "B 1", "A 3", "A /3", "B 3", "C 3",
        ])
        let late = SubjectModel.Scenario(kind: .behavior, feedback: false, late: true)
        #expect(SubjectModel.log(late, delivery: .queued, order: ["A", "B", "C"]) == [
            "A 0", "A /0", "B 0", "A 1", "A /1", "B 1", "C 1", "A 3", "A /3", "B 3", "C 3",
        ])
        #expect(SubjectModel.log(late, delivery: .nested, order: ["B", "C", "A"]) == [
            "A 0", "A /0", "B 0", "B 1", "A 1", "C 1", "A /1", "B 3", "C 3", "A 3", "A /3",
        ])
        #expect(SubjectModel.log(feedback, delivery: .perSubscriber, order: ["A", "B", "C"]) == [
            "A 0", "A /0", "B 0", "A 1", "B 2", "C 2", "A /1", "A 2", "A /2", "B 1", "A 3", "A /3", "B 3", "C 3",
        ])
        let publish = SubjectModel.Scenario(kind: .publish, feedback: true, late: false)
        #expect(SubjectModel.log(publish, delivery: .nested, order: ["A", "B", "C"]) == [
            "A 1", "A 2", "A /2", "B 2", "A /1", "B 1", "A 3", "A /3", "B 3",
        ])
    }

    static let kinds: [Kind] = [.publish, .behavior]

    enum Kind: Sendable, CustomTestStringConvertible {
        case publish, behavior
        var subject: SubjectKind { self == .publish ? .publish : .behavior(initial: 0) }
        var testDescription: String { self == .publish ? "publish" : "behavior(0)" }
    }

    static func mergeRefusal(_ adapter: any EngineAdapter) -> String? {
        func refusal<A: EngineAdapter>(_ adapter: A) -> String? {
            do {
                let subjects = [try adapter.makeSubject(.publish), try adapter.makeSubject(.publish)]
                _ = try adapter.stream(.merge([.subject(0), .subject(1)]), subjects: subjects)
                return nil
            } catch {
                return error.description
            }
        }
        return refusal(adapter)
    }
}

// MARK: The scenarios

extension ReentrancyTests {
    /// `merge(subject 0, subject 1)`; the observer answers 1 with 2 into input 1 and 2 with 3 into input 0;
    /// then 4 is sent into input 1 from outside, to show the merge still delivers.
    static func mergeFeedback<A: EngineAdapter>(_ adapter: A) throws -> [String] {
        try mergeAnswering(adapter, answers: [1: [(1, 2)], 2: [(0, 3)]], last: (1, 4))
    }

    /// `merge(subject 0, subject 1)`; the observer answers 1 with 2 and then 3 into input 1, both sent before its
    /// handler returns; then 4 is sent into input 0 from outside.
    static func mergeFeedbackTwice<A: EngineAdapter>(_ adapter: A) throws -> [String] {
        try mergeAnswering(adapter, answers: [1: [(1, 2), (1, 3)]], last: (0, 4))
    }

    /// `merge(subject 0, subject 1)`: 1 is sent into input 0; the observer answers each value with the sends
    /// `answers` lists for it, (input, value) in order, before its handler returns; then `last` from outside.
    static func mergeAnswering<A: EngineAdapter>(
        _ adapter: A, answers: [Int: [(input: Int, value: Int)]], last: (input: Int, value: Int)
    ) throws -> [String] {
        let subjects = [try adapter.makeSubject(.publish), try adapter.makeSubject(.publish)]
        let senders = subjects.map { adapter.sender(for: $0) }
        let stream = try adapter.stream(.merge([.subject(0), .subject(1)]), subjects: subjects)
        let log = Log()
        let asynchronous = adapter.deliversAsynchronously(stream)
        let settle = Settle(asynchronous, log)
        // A merge of async sequences subscribes its inputs from tasks of its own, after `subscribe` returns: a value
        // sent before that is lost. Negative values are probes that say an input is subscribed; they are not logged.
        let probed = ProbeSet()
        var subscription: A.Subscription?
        settle.after {
            subscription = adapter.subscribe(stream, EventObserver(next: { value in
                if value < 0 { return probed.insert(value) }
                log.append("M \(value)")
                for send in answers[value] ?? [] { senders[send.input].next(send.value) }
                log.append("M /\(value)")
            }))
        }
        if asynchronous {
            for (input, sender) in senders.enumerated() {
                let probe = -1 - input
                #expect(Settle.until(seconds: 30) {
                    sender.next(probe)
                    return Settle.until(seconds: 0.05) { probed.contains(probe) }
                }, "merge input \(input) never subscribed")
            }
        }
        // Each value delivered logs two lines: 1 and every answer it leads to, before the last value is sent.
        var chain = [1]
        var index = 0
        while index < chain.count {
            chain += (answers[chain[index]] ?? []).map(\.value)
            index += 1
        }
        settle.after(expecting: 2 * chain.count) { senders[0].next(1) }
        settle.after(expecting: 2 * chain.count + 2) { senders[last.input].next(last.value) }
        if let subscription { adapter.dispose(subscription) }
        return withExtendedLifetime(subjects) { log.entries }
    }

    /// Observers A and B on one subject, in that order; A answers 1 by sending 2 into the subject; then 3 is
    /// sent from outside.
    static func subjectFeedback<A: EngineAdapter>(_ adapter: A, _ kind: SubjectKind) throws -> [String] {
        let subject = try adapter.makeSubject(kind)
        let sender = adapter.sender(for: subject)
        let stream = try adapter.stream(.subject(0), subjects: [subject])
        let log = Log()
        let settle = Settle(adapter.deliversAsynchronously(stream), log)
        var subscriptions: [A.Subscription] = []
        settle.after {
            subscriptions.append(adapter.subscribe(stream, EventObserver(next: { value in
                log.append("A \(value)")
                if value == 1 { sender.next(2) }
                log.append("A /\(value)")
            })))
        }
        settle.after { subscriptions.append(adapter.subscribe(stream, EventObserver(next: { log.append("B \($0)") }))) }
        settle.after { sender.next(1) }
        settle.after { sender.next(3) }
        for subscription in subscriptions { adapter.dispose(subscription) }
        return withExtendedLifetime(subject) { log.entries }
    }

    /// Observers A and B on one subject, in that order; A answers 1 by subscribing C (after sending 2 into
    /// the subject, if `sendFirst`); then 3 is sent from outside.
    static func lateSubscriber<A: EngineAdapter>(_ adapter: A, _ kind: SubjectKind, sendFirst: Bool) throws -> [String] {
        let subject = try adapter.makeSubject(kind)
        let sender = adapter.sender(for: subject)
        let stream = try adapter.stream(.subject(0), subjects: [subject])
        let log = Log()
        let settle = Settle(adapter.deliversAsynchronously(stream), log)
        let late = Slot<A.Subscription>()
        var subscriptions: [A.Subscription] = []
        let unchecked = UncheckedHandle(stream)
        settle.after {
            subscriptions.append(adapter.subscribe(stream, EventObserver(next: { value in
                log.append("A \(value)")
                if value == 1 {
                    if sendFirst { sender.next(2) }
                    late.value = adapter.subscribe(unchecked.value, EventObserver(next: { log.append("C \($0)") }))
                }
                log.append("A /\(value)")
            })))
        }
        settle.after { subscriptions.append(adapter.subscribe(stream, EventObserver(next: { log.append("B \($0)") }))) }
        settle.after { sender.next(1) }
        settle.after { sender.next(3) }
        for subscription in subscriptions { adapter.dispose(subscription) }
        if let subscription = late.value { adapter.dispose(subscription) }
        return withExtendedLifetime(subject) { log.entries }
    }
}

// MARK: The rules

/// How a row delivers an event sent while it delivers another.
enum Delivery: CustomStringConvertible {
    /// Queued behind the delivery under way and delivered, to every observer, once it has returned; a
    /// subscription made during a delivery is registered (and replayed to) when the queue reaches it.
    case queued
    /// Delivered at once, depth first, inside the delivery under way; a subscription made during a delivery
    /// is registered at once, its replay delivered inside the subscribe call, and misses the event under way.
    case nested
    /// Each subscriber is a serial consumer of its own buffer: an event for a subscriber that is inside its
    /// own handler waits in its buffer until the handler returns; any other subscriber gets it at once,
    /// nested. A subscription made during a delivery gets its replay at once.
    case perSubscriber
    /// A send goes to the subscribers in turn; at a subscriber inside its own handler it waits, and the sender
    /// returns. When that handler returns, the waiting send resumes first and goes on to the later
    /// subscribers, then the subscriber takes its value (a back-pressured channel per subscriber, whose
    /// resumed sender runs on the consumer's thread). A subscription made during a delivery gets its replay at
    /// once.
    case waitsAtBusySubscriber

    var description: String {
        switch self {
        case .queued: "queued"
        case .nested: "nested"
        case .perSubscriber: "queued per subscriber"
        case .waitsAtBusySubscriber: "a send waits at a busy subscriber"
        }
    }

    var mergeFeedback: [String] {
        switch self {
        // One observer: queued per subscriber is queued.
        case .queued, .perSubscriber, .waitsAtBusySubscriber: ["M 1", "M /1", "M 2", "M /2", "M 3", "M /3", "M 4", "M /4"]
        case .nested: ["M 1", "M 2", "M 3", "M /3", "M /2", "M /1", "M 4", "M /4"]
        }
    }

    /// `mergeFeedbackTwice`'s log: 2 and 3 queued behind 1 come out in the order they were sent.
    var mergeFeedbackTwice: [String] {
        switch self {
        case .queued, .perSubscriber, .waitsAtBusySubscriber: ["M 1", "M /1", "M 2", "M /2", "M 3", "M /3", "M 4", "M /4"]
        case .nested: ["M 1", "M 2", "M /2", "M 3", "M /3", "M /1", "M 4", "M /4"]
        }
    }
}

/// A row's rules for re-entrant delivery, by the semantics it keeps.
struct Rule: CustomStringConvertible {
    let merge: Delivery
    /// combineLatest and zip of two subjects (JoinReentrancyTests; the merge there is `merge`'s).
    let joins: Delivery
    /// flatMap's inner subscriptions, and flatMapLatest's (JoinReentrancyTests).
    let flatMap: Delivery
    let flatMapLatest: Delivery
    /// takeUntil's completion when its trigger fires inside a delivery of its source (JoinReentrancyTests).
    let takeUntil: Delivery
    let subjects: Delivery
    /// Whether subscribers are delivered to in subscription order; false: in an order of the library's.
    let subscriptionOrder: Bool
    let source: String

    static func of(_ descriptor: EngineDescriptor) -> Rule {
        switch descriptor.semantics {
        case .rxSwift?:
            // RxSwift itself nests (its merge and subjects call out under a recursive lock, or none); the engine
            // queues both on purpose, and a subscription made during delivery too.
            Rule(operators: .queued, subjects: .queued,
                 source: "docs/decisions/sink-engine.md: SerializingSink, subjects queue events and subscriptions")
        case .swiftSignalKit?:
            Rule(merge: .queued, joins: .nested, flatMap: .queued, flatMapLatest: .nested, takeUntil: .nested,
                 subjects: .nested, subscriptionOrder: true,
                 source: "docs/decisions/signal-engine.md: merges queue re-entrant values; combineLatest and zip put a value outside their lock, at once, as SwiftSignalKit's combineLatest does (Signal_Combine.swift:30-41); Pipe and Promise call their subscribers directly, as SwiftSignalKit's do")
        case .reactiveCocoa?:
            Rule(operators: .nested, subjects: .nested,
                 source: "docs/decisions/subscriber-reentrancy.md: depth first, under the recursive subscriber lock")
        case .combine?:
            Rule(operators: .nested, subjects: .nested, subscriptionOrder: false,
                 source: "OpenCombine: synchronous demand-driven delivery; PassthroughSubject keeps its subscribers in a hashed set (docs/decisions/real-libraries.md)")
        case .asyncSequence? where descriptor.id == "async-channel":
            Rule(operators: .queued, subjects: .waitsAtBusySubscriber,
                 source: "AsyncChannel: a send suspends at a subscriber that has not asked for the next value (ChannelSubject.swift)")
        case .asyncSequence?:
            // The merge's inputs are iterated by tasks of its own and its output by one consumer; a subject's
            // subscribers each by a task that the adapter's executor runs inside `yield` (StreamSubject.swift).
            Rule(operators: .queued, subjects: .perSubscriber,
                 source: "AsyncStream: a consumer task per subscriber, resumed inside the sender's yield; a busy one buffers")
        default:
            Rule(operators: .nested, subjects: .nested,
                 source: "plain Swift: a subject is an array of observers called in a loop")
        }
    }

    var description: String { "merge \(merge), subjects \(subjects): \(source)" }

    func delivery(of join: JoinReentrancyTests.Join) -> Delivery {
        switch join {
        case .merge: merge
        case .combineLatest, .zip: joins
        case .flatMap: flatMap
        case .flatMapLatest: flatMapLatest
        }
    }

    /// Checks a subject scenario's whole log against this rule.
    func check(_ log: [String], _ scenario: SubjectModel.Scenario, _ id: String) {
        // In the library's subscriber order, as this run shows it (the order of the last value's deliveries).
        let order = subscriptionOrder ? ["A", "B", "C"] : Self.deliveryOrder(of: 3, in: log)
        #expect(log == SubjectModel.log(scenario, delivery: subjects, order: order), "\(id): \(self)")
    }

    static func deliveryOrder(of value: Int, in log: [String]) -> [String] {
        log.filter { $0.hasSuffix(" \(value)") && !$0.contains("/") }.map { String($0.prefix { $0 != " " }) }
    }
}

extension Rule {
    /// The rule of a row whose merge, joins, flatMap, flatMapLatest and takeUntil all deliver as `operators`.
    init(operators: Delivery, subjects: Delivery, subscriptionOrder: Bool = true, source: String) {
        self.init(
            merge: operators, joins: operators, flatMap: operators, flatMapLatest: operators, takeUntil: operators,
            subjects: subjects, subscriptionOrder: subscriptionOrder, source: source)
    }
}

/// The subject scenarios as a model: observers A and B subscribe in that order, then 1 and 3 are sent from
/// outside; A answers 1 by sending 2 (`feedback`), then by subscribing C (`late`). Every observer logs
/// `name value`; A also logs `A /value` once its answer has returned.
enum SubjectModel {
    struct Scenario {
        let kind: ReentrancyTests.Kind
        let feedback: Bool
        let late: Bool
    }

    private enum Action { case send(Int), subscribe(String) }

    /// The log of `scenario` under `delivery`, each event delivered to the subscribers in `order`.
    static func log(_ scenario: Scenario, delivery: Delivery, order: [String]) -> [String] {
        var log: [String] = []
        var subscribed: [String] = []
        var current: Int? = scenario.kind == .behavior ? 0 : nil
        var queue: [Action] = []
        var busy = false
        var inHandler: Set<String> = []
        var buffers: [String: [Int]] = [:]
        /// `.waitsAtBusySubscriber`: the sends waiting at each subscriber, with the subscribers after it.
        var waiting: [String: [(value: Int, rest: ArraySlice<String>)]] = [:]

        func observe(_ observer: String, _ value: Int) {
            log.append("\(observer) \(value)")
            guard observer == "A" else { return }
            if value == 1 {
                if scenario.feedback { perform(.send(2)) }
                if scenario.late { perform(.subscribe("C")) }
            }
            log.append("A /\(value)")
        }
        func send(_ value: Int, to receivers: ArraySlice<String>) {
            var receivers = receivers
            while let observer = receivers.popFirst() {
                if inHandler.contains(observer) { return waiting[observer, default: []].append((value, receivers)) }
                take(observer, value)
            }
        }
        func take(_ observer: String, _ value: Int) {
            inHandler.insert(observer)
            observe(observer, value)
            while let next = waiting[observer]?.first {
                waiting[observer]?.removeFirst()
                send(next.value, to: next.rest)
                observe(observer, next.value)
            }
            inHandler.remove(observer)
        }
        func deliver(_ observer: String, _ value: Int) {
            if delivery == .waitsAtBusySubscriber { return take(observer, value) }
            guard delivery == .perSubscriber else { return observe(observer, value) }
            if inHandler.contains(observer) { return buffers[observer, default: []].append(value) }
            inHandler.insert(observer)
            observe(observer, value)
            while let next = buffers[observer]?.first {
                buffers[observer]?.removeFirst()
                observe(observer, next)
            }
            inHandler.remove(observer)
        }
        func apply(_ action: Action) {
            switch action {
            case .send(let value):
                current = scenario.kind == .behavior ? value : nil
                let snapshot = order.filter(subscribed.contains)
                if delivery == .waitsAtBusySubscriber { return send(value, to: snapshot[...]) }
                for observer in snapshot { deliver(observer, value) }
            case .subscribe(let observer):
                subscribed.append(observer)
                if let current { deliver(observer, current) }
            }
        }
        func perform(_ action: Action) {
            if delivery == .queued, busy {
                queue.append(action)
                return
            }
            let outer = !busy
            busy = true
            apply(action)
            if outer {
                while !queue.isEmpty { apply(queue.removeFirst()) }
                busy = false
            }
        }
        perform(.subscribe("A"))
        perform(.subscribe("B"))
        perform(.send(1))
        perform(.send(3))
        return log
    }
}

// MARK: Helpers

/// The interleaved log of every observer of a scenario.
final class Log: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    func append(_ line: String) { lock.withLock { lines.append(line) } }
    var entries: [String] { lock.withLock { lines } }
    var count: Int { lock.withLock { lines.count } }
}

/// A value set inside an observer and read by the test afterwards.
final class Slot<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value?
    var value: Value? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}

/// The probe values an observer has seen.
final class ProbeSet: @unchecked Sendable {
    private let lock = NSLock()
    private var values: Set<Int> = []
    func insert(_ value: Int) { _ = lock.withLock { values.insert(value) } }
    func contains(_ value: Int) -> Bool { lock.withLock { values.contains(value) } }
}

/// Runs each step of a scenario; on a row that delivers asynchronously (async-stream), waits after each
/// step until the log has not moved for 50 ms (at most 10 s), so that the next step starts from the state
/// the step left, as it does on a synchronous row. A wait, not a timed assertion: the log is compared
/// exactly afterwards.
struct Settle {
    let asynchronous: Bool
    let log: Log
    init(_ asynchronous: Bool, _ log: Log) { self.asynchronous = asynchronous; self.log = log }

    /// Polls `condition` every 5 ms until it holds (true) or `seconds` have passed (false).
    static func until(seconds: Double, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while !condition() {
            if Date() >= deadline { return false }
            Thread.sleep(forTimeInterval: 0.005)
        }
        return true
    }

    /// `step`; then, on an asynchronous row, a wait until the log holds at least `expecting` lines (at most 30 s:
    /// a loaded machine under ThreadSanitizer once took longer than the quiet time between two deliveries), then
    /// until it has not moved for 50 ms.
    func after(expecting lines: Int = 0, _ step: () -> Void) {
        step()
        guard asynchronous else { return }
        _ = Self.until(seconds: 30) { log.count >= lines }
        let deadline = Date().addingTimeInterval(10)
        var last = log.count
        var stillSince = Date()
        while Date() < deadline {
            Thread.sleep(forTimeInterval: 0.005)
            let now = log.count
            if now != last {
                last = now
                stillSince = Date()
            } else if Date().timeIntervalSince(stillSince) >= 0.05 {
                return
            }
        }
    }
}
