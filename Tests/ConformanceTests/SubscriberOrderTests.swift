import Conformance
import EngineRegistry
import Foundation
import RxBenchCore
import Testing
import TestSupport

/// The order in which a subject serves its subscribers, on every built-in row whose rule keeps subscription order
/// (`Rule.subscriptionOrder`; OpenCombine keeps its subscribers in a hashed set). The re-entrancy scenarios have two
/// subscribers, which every storage serves in order whatever it does with the others: a subject that served its
/// third and later subscribers newest-first passed them (the mutation check's sink-bag-reversed and
/// subscriber-subjects-newest-first, docs/mutation.md). Five subscribers reach past `sink`'s inline entry into its
/// Bag's array, and past the floor's first field into its array.
@Suite("Subjects serve their subscribers in subscription order", .serialized, .engineExclusive, .timeLimit(.minutes(5)))
struct SubscriberOrderTests {
    static let ordered: [Engine] = ReentrancyTests.rows.filter { Rule.of($0.adapter.descriptor).subscriptionOrder }

    @Test("five subscribers, then a value and a completion", arguments: ordered, ReentrancyTests.kinds)
    func fiveSubscribers(_ engine: Engine, _ kind: ReentrancyTests.Kind) throws {
        let log = try Self.served(engine.adapter, kind.subject, leaving: [])
        let initial = kind == .behavior ? ["A 0", "B 0", "C 0", "D 0", "E 0"] : []
        #expect(log == initial + ["A 1", "B 1", "C 1", "D 1", "E 1", "A end", "B end", "C end", "D end", "E end"],
                "\(engine.adapter.descriptor.id)")
    }

    /// The floor keeps its subscribers in subscription order also once its oldest has left: a newcomer joins the
    /// array behind the others, never the oldest's field (BaselineSubject; the mutation check's
    /// floor-first-slot-reused). Not every row does: sink's Bag, as RxSwift's, stores a newcomer in the inline
    /// entry its oldest left.
    @Test("the floor after its oldest left: the newcomer is served last", arguments: ReentrancyTests.kinds)
    func floorAfterTheOldestLeft(_ kind: ReentrancyTests.Kind) throws {
        let floor = try #require(EngineRegistry.builtIn.first { $0.adapter.descriptor.id == "baseline" })
        let log = try Self.served(floor.adapter, kind.subject, leaving: ["A", "C"], joining: ["F", "G"])
        let initial = kind == .behavior ? ["A 0", "B 0", "C 0", "D 0", "E 0", "F 0", "G 0"] : []
        #expect(log == initial + ["B 1", "D 1", "E 1", "F 1", "G 1", "B end", "D end", "E end", "F end", "G end"])
    }

    /// Subscribers A to E subscribe in that order; those in `leaving` are disposed, then those in `joining`
    /// subscribe; 1 is sent, then the subject completes. Each subscriber logs `name value` and `name end`.
    static func served(
        _ adapter: any EngineAdapter, _ kind: SubjectKind, leaving: [String], joining: [String] = []
    ) throws -> [String] {
        func run<A: EngineAdapter>(_ adapter: A) throws -> [String] {
            let subject = try adapter.makeSubject(kind)
            let sender = adapter.sender(for: subject)
            let stream = try adapter.stream(.subject(0), subjects: [subject])
            let log = Log()
            let settle = Settle(adapter.deliversAsynchronously(stream), log)
            var subscriptions: [String: A.Subscription] = [:]
            for name in ["A", "B", "C", "D", "E"] + joining {
                if name == joining.first {
                    for leaver in leaving {
                        settle.after { if let left = subscriptions.removeValue(forKey: leaver) { adapter.dispose(left) } }
                    }
                }
                settle.after {
                    subscriptions[name] = adapter.subscribe(stream, EventObserver(
                        next: { log.append("\(name) \($0)") }, completed: { log.append("\(name) end") }))
                }
            }
            settle.after { sender.next(1) }
            settle.after { sender.completed() }
            for subscription in subscriptions.values { adapter.dispose(subscription) }
            return withExtendedLifetime(subject) { log.entries }
        }
        return try run(adapter)
    }
}
