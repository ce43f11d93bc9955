import Conformance
import Foundation
import EngineRegistry
import RxBenchCore
import Testing

/// Swift's Observation on the conformance catalogue. It expresses few of the cases (subjects that never end, what
/// an observer derives from the value it reads), so instead of listing the hundreds it declines one by one, this
/// pins the three outcomes: the cases that conform, the cases that differ with the events seen, and for every
/// other case a refusal whose reason is one of Observation's (docs/decisions/observation-row.md).
@Suite("Observation conformance")
struct ObservationConformanceTests {
    @Test("the cases it conforms to, differs on, and declines")
    func outcomes() throws {
        let engine = try #require(EngineRegistry.engine(id: "observation"))
        #expect(engine.descriptor.role == .library)
        let report = conformanceReport(for: engine.adapter)
        let differing = Dictionary(uniqueKeysWithValues: report.differing.map { ($0.name, $0.differences) })
        let conforming = Set(ConformanceCases.all.map(\.name)).subtracting(differing.keys)
        #expect(conforming == Self.conforming)

        var declined = 0
        for (name, differences) in differing {
            if let observed = Self.differs[name] {
                #expect(differences == observed, "'\(name)'")
                continue
            }
            guard differences.count == 1, let reason = differences.first, reason.hasPrefix("unsupported: observation") else {
                Issue.record("new difference in '\(name)': \(differences.joined(separator: "; "))")
                continue
            }
            #expect(Self.reasons.contains { reason.contains($0) }, "'\(name)': \(reason)")
            declined += 1
        }
        for name in Self.differs.keys where differing[name] == nil {
            Issue.record("'\(name)' now conforms: remove it from the list and docs/decisions/observation-row.md")
        }
        #expect(report.passed == Self.conforming.count)
        #expect(declined == ConformanceCases.all.count - Self.conforming.count - Self.differs.count)
    }

    @Test("maps in a row each apply their transform to the value read")
    func mapChain() throws {
        let engine = try #require(EngineRegistry.engine(id: "observation"))
        try Self.mapChain(engine.adapter)
    }

    private static func mapChain<A: EngineAdapter>(_ adapter: A) throws {
        let subject = try adapter.makeSubject(.publish)
        let flow = Flow.map(.map(.map(.subject(0), MapChainTests.plusOne), MapChainTests.timesTen), MapChainTests.minusThree)
        let stream = try adapter.stream(flow, subjects: [subject])
        let log = Log()
        let subscription = adapter.subscribe(stream, EventObserver(next: { log.append("\($0)") }))
        for value in [4, 5] { adapter.sender(for: subject).next(value) }
        adapter.dispose(subscription)
        adapter.sender(for: subject).next(6)
        #expect(log.entries == ["47", "57"])
    }

    /// A sends 2 into the subject from inside its delivery of 1; then 3 is sent. An observer reads after the change
    /// and registers again before it delivers, so A gets its own value, after its handler returned; B, in whichever
    /// order the registrar serves, gets 1 if it read before A's send, and 2 and 3 in any case: the latest value,
    /// never one twice, never an older after a newer.
    @Test("a value sent from inside an observer: the sender gets it after returning, the others the latest", arguments: 0..<20)
    func reentrantSend(_ round: Int) throws {
        let engine = try #require(EngineRegistry.engine(id: "observation"))
        try Self.reentrantSend(engine.adapter)
    }

    private static func reentrantSend<A: EngineAdapter>(_ adapter: A) throws {
        let subject = try adapter.makeSubject(.publish)
        let sender = adapter.sender(for: subject)
        let stream = try adapter.stream(.subject(0), subjects: [subject])
        let log = Log()
        let a = adapter.subscribe(stream, EventObserver(next: { value in
            log.append("A \(value)")
            if value == 1 { sender.next(2) }
            log.append("A /\(value)")
        }))
        let b = adapter.subscribe(stream, EventObserver(next: { log.append("B \($0)") }))
        sender.next(1)
        sender.next(3)
        adapter.dispose(a)
        adapter.dispose(b)
        let entries = log.entries
        // "A 1" is a delivery, "A /1" the end of A's handler for it.
        let received = { (name: String) in entries.compactMap { $0.hasPrefix("\(name) ") ? Int($0.dropFirst(2)) : nil } }
        #expect(received("A") == [1, 2, 3], "\(entries)")
        #expect([[1, 2, 3], [2, 3]].contains(received("B")), "\(entries)")
        let afterReturn = try #require(entries.firstIndex(of: "A /1"))
        #expect(entries.firstIndex(of: "A 2").map { $0 > afterReturn } == true, "\(entries)")
    }

    /// The cases Observation can express and passes.
    static let conforming: Set<String> = [
        "publish subject, never ended: the values sent while subscribed",
        "publish subject, never ended: the values sent while subscribed [disposed at 211]",
        "behavior subject, never ended: the current value, then the values sent",
        "behavior subject, never ended: the current value, then the values sent [disposed at 211]",
        "publish subject, never ended: map and filter of what is sent",
        "publish subject, never ended: map and filter of what is sent [disposed at 211]",
        "combineLatest of behavior subjects: combined at once, then on each change",
        "combineLatest of behavior subjects: combined at once, then on each change [disposed at 211]",
        "publish subject: a value equal to the one before is delivered again [disposed at 211]",
        "dispose during delivery: from a subject",
    ]

    /// A set of a property notifies only when the value changes (the `@Observable` macro compares `Equatable`
    /// values), where a subject relays every event.
    static let differs: [String: [String]] = [
        "publish subject: a value equal to the one before is delivered again": [
            "events [next(1)@210, next(2)@230], expected [next(1)@210, next(1)@220, next(2)@230]",
        ],
        "behavior subject: a value equal to the current one is delivered again": [
            "events [next(4)@200, next(5)@220], expected [next(4)@200, next(4)@210, next(5)@220]",
        ],
        "behavior subject: a value equal to the current one is delivered again [disposed at 211]": [
            "events [next(4)@200], expected [next(4)@200, next(4)@210]",
        ],
    ]

    /// Why it declines the rest: no operator for it, no terminal events, no replay buffer, no concurrent senders
    /// (not a catalogue case), combineLatest only of properties read as they are.
    static let reasons = [
        "Observation has properties and their observers, no such operator",
        "completing or failing a subject: a property never ends",
        "a replay subject: a property holds one value",
        "combineLatest of anything but behavior subjects",
        "after distinctUntilChanged",
    ]
}
