import EngineRegistry
import Measurement
import RxBenchCore
import Testing
import Workloads
import TestSupport

/// The contention group: each workload sends exactly its size in events, whatever the remainder among its
/// threads, and a subject under contention gets a figure only when every value reached every long-lived
/// subscriber once. Five minutes, like the other suites that run engines: a case may wait for the right to
/// run them (`.engineExclusive`) while the stress suite's rows hold it.
@Suite("Contention", .engineExclusive, .timeLimit(.minutes(5)))
struct ContentionTests {
    static let options = MeasureOptions(
        warmupRuns: 0, repetitions: 1, allocationRepetitions: 1, allocationSize: 4, liveSubscriptionProbe: 2)

    @Test("shares cover 0..<count once, in order, at most one apart", arguments: [0, 1, 3, 7, 8, 9, 64, 1_001])
    func shares(count: Int) {
        for parts in [1, 4, 8] {
            let shares = Feed.shares(of: count, among: parts)
            #expect(shares.count == parts)
            #expect(shares.flatMap { Array($0) } == Array(0..<count))
            let lengths = shares.map(\.count)
            #expect(lengths.max()! - lengths.min()! <= 1)
        }
    }

    /// The old split sent `threads * max(1, events / threads)`: 8 events for 7 on 4 threads, 4 for 1.
    @Test("ContendedMerge and ContendedSubject send exactly their size", arguments: [1, 7, 64, 99, 128, 1_001])
    func sendsItsSize(events: Int) throws {
        for workload in try #require(Catalogue.select("contention")) {
            let scenario = workload.make(events)
            let perObserver = workload.name == "ContendedSubject" ? events : 1
            #expect(
                scenario.expected.values == perObserver * max(1, scenario.subscribers),
                "\(workload.id) at \(events)")
            if workload.name == "ContendedMerge" {
                #expect(scenario.expected.fold == StreamFold.step(0, (0..<events).reduce(0, &+)))
            } else {
                #expect(scenario.feed.values == 0..<events)
            }
        }
    }

    /// The catalogue test runs these too; here they run alone, so that `swift test --sanitize=thread --filter
    /// Contention` checks the concurrent feed on every row without the rest of the catalogue.
    @Test("every row that expresses the contention group gets its checksum", arguments: EngineRegistry.ids)
    func checksums(engineID: String) throws {
        let engine = try #require(EngineRegistry.engine(id: engineID))
        for workload in try #require(Catalogue.select("contention")) where engine.unsupported(workload) == nil {
            #expect(try !engine.measure(workload, size: 1_001, options: Self.options).isEmpty, "\(workload.id)")
        }
    }

    @Test("rows whose subjects have no lock decline ContendedSubject; engines and variants run it")
    func declines() throws {
        let workload = try #require(Catalogue.select("ContendedSubject[threads=4]")?.first)
        for engine in EngineRegistry.all {
            let reason = engine.unsupported(workload)
            switch engine.descriptor.id {
            // The floor's and stage-loop's subjects have no lock; Observation's properties never end (the scenario
            // completes its subject) and take one sender at a time.
            case "baseline", "stage-loop", "observation": #expect(reason != nil, "\(engine.descriptor.id)")
            default: #expect(reason == nil, "\(engine.descriptor.id): \(reason.map(String.init(describing:)) ?? "")")
            }
        }
    }
}

extension SabotageTests {
    /// Values arrive from several threads at once, so the broken deliveries are keyed by value, not by
    /// position (a position counter would itself race).
    @Test(
        "ContendedSubject: a dropped or duplicated value is refused",
        arguments: [Sabotage.none, .dropValue, .duplicateValue, .duplicateOneDropAnother])
    func contendedSubject(_ sabotage: Sabotage) throws {
        let workload = try #require(Catalogue.select("ContendedSubject[threads=4]")?.first)
        let harness = Harness(adapter: Saboteur(sabotage), options: Self.options)
        if sabotage == .none {
            #expect(try !harness.measure(workload, size: 300).isEmpty)
        } else {
            #expect(throws: HarnessError.self) { try harness.measure(workload, size: 300) }
        }
    }
}
