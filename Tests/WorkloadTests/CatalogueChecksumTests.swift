import Foundation
import EngineRegistry
import Conformance
import Measurement
import RxBenchCore
import Testing
import Workloads
import TestSupport

/// Every workload of the catalogue runs on every engine and reference row that can express it, and
/// produces its checksum: the figures rxbench reports are figures of correct runs.
@Suite("Catalogue checksums", .engineExclusive, .timeLimit(.minutes(5)))
struct CatalogueChecksumTests {
    static let options = MeasureOptions(
        warmupRuns: 0, repetitions: 1, allocationRepetitions: 1, allocationSize: 4, liveSubscriptionProbe: 2)

    /// Small sizes, and not the sweeps' largest points: RunPlan.checksum says which and why.
    static func size(_ workload: Workload) -> Int { RunPlan.checksum.size(for: workload) }

    /// Run on a thread of its own: a row that delivers asynchronously (async-stream) is waited for by
    /// blocking, and its tasks need the cooperative pool's threads (two here), which a blocked test would
    /// hold. Findings come back as text and are recorded here, in the test's own context.
    @Test("checksum of every workload", arguments: EngineRegistry.ids)
    func checksums(engineID: String) async throws {
        let engine = try #require(EngineRegistry.engine(id: engineID))
        let (measured, failures) = await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: Self.measureEveryWorkload(on: engine)) }.start()
        }
        for failure in failures { Issue.record(Comment(rawValue: failure)) }
        #expect(measured > 0)
    }

    /// How many workloads gave figures, and what went wrong.
    static func measureEveryWorkload(on engine: RegisteredEngine) -> (measured: Int, failures: [String]) {
        var measured = 0
        var failures: [String] = []
        for workload in Workloads.Catalogue.all where RunPlan.checksum.includes(workload) {
            do {
                let rows = try engine.measure(workload, size: size(workload), options: options)
                if rows.isEmpty { failures.append("\(workload.id) produced no rows") }
                measured += 1
            } catch let HarnessError.unsupported(reason) {
                // Only reference and library rows may decline an operator.
                if engine.descriptor.role != .reference && engine.descriptor.role != .library {
                    failures.append("\(engine.descriptor.id) declined \(workload.id): \(reason)")
                }
            } catch {
                failures.append("\(engine.descriptor.id) \(workload.id): \(error)")
            }
        }
        return (measured, failures)
    }

    /// A general selector makes and translates a `Flow` per value, inside the measured region: harness
    /// work reported as engine cost. Workloads may use only selectors the adapters build natively.
    @Test("workloads use only selectors that adapters build natively")
    func nativeSelectors() {
        for workload in Workloads.Catalogue.all {
            let flow = workload.make(4).flow
            let general = flow.contains { flow in
                switch flow {
                case .flatMap(_, let selector), .flatMapLatest(_, let selector): !selector.returnsJust
                case .singleFlatMap(_, let selector): selector.answer == nil
                default: false
                }
            }
            #expect(!general, "\(workload.id) has a flatMap selector that is translated per value")
        }
    }

    /// Plain Swift (the floor) calls a workload's closures in the form written for it (FlowClosures.swift's
    /// `plain`); every other row calls the generic form. Both are written by hand, so they are held against each
    /// other here: a workload whose two forms differ would give the floor other values than every row.
    @Test("every closure the floor calls is written in both forms, and the two agree")
    func plainForms() {
        let samples = Array(-300...300) + [Int.max, Int.min, Int.max - 1, 1 << 40, -(1 << 40)]
        for workload in Workloads.Catalogue.all {
            var problems: [String] = []
            func check(_ transform: IntTransform) {
                guard let plain = transform.plainApply else { return problems.append("\(transform.name): no plain form") }
                if let x = samples.first(where: { plain($0) != transform.apply($0) }) {
                    problems.append("\(transform.name) at \(x)")
                }
            }
            _ = workload.make(4).flow.contains { flow in
                switch flow {
                case .map(_, let transform): check(transform)
                case .singleFlatMap(_, let selector): selector.answer.map(check)
                case .filter(_, let predicate):
                    guard let plain = predicate.plainTest else { problems.append("\(predicate.name): no plain form"); break }
                    if let x = samples.first(where: { plain($0) != predicate.test($0) }) {
                        problems.append("\(predicate.name) at \(x)")
                    }
                case .compactMap(_, let transform):
                    guard let plain = transform.plainApply else { problems.append("\(transform.name): no plain form"); break }
                    if let x = samples.first(where: { plain($0) != transform.apply($0) }) {
                        problems.append("\(transform.name) at \(x)")
                    }
                case .scan(_, _, let accumulator):
                    guard let plain = accumulator.plainCombine else {
                        problems.append("\(accumulator.name): no plain form")
                        break
                    }
                    if let x = samples.first(where: { plain($0, $0 &* 3) != accumulator.combine($0, $0 &* 3) }) {
                        problems.append("\(accumulator.name) at \(x)")
                    }
                default: break
                }
                return false
            }
            #expect(problems.isEmpty, "\(workload.id): \(problems)")
        }
    }

    @Test("workload ids are unique")
    func uniqueIDs() {
        let ids = Workloads.Catalogue.all.map(\.id)
        #expect(Set(ids).count == ids.count)
    }

    @Test("RxSwift's eleven benchmarks are in the catalogue by name")
    func rxSwiftNames() {
        let names = Set(Workloads.Catalogue.all.map(\.name))
        for name in [
            "PublishSubjectPumping", "PublishSubjectPumpingTwoSubscriptions", "PublishSubjectCreating",
            "MapFilterPumping", "MapFilterCreating", "FlatMapsPumping", "FlatMapsCreating", "FlatMapLatestPumping",
            "FlatMapLatestCreating", "CombineLatestPumping", "CombineLatestCreating",
        ] {
            #expect(names.contains(name), "\(name) missing")
        }
    }

    @Test("a wrong checksum is an error, never a figure")
    func wrongChecksum() throws {
        let engine = try #require(EngineRegistry.engine(id: "baseline"))
        let broken = Workload(name: "Broken", group: "test", summary: "expects one value too many", shape: .pumping,
            defaultSize: 10) { events in
            Scenario(
                flow: .create(.counting(count: events, thenComplete: false)),
                expected: .expect { fold in for value in 0...events { fold.add(value) } })
        }
        #expect(throws: HarnessError.self) { try engine.measure(broken, size: 10, options: Self.options) }
    }
}

/// A pumping workload's size is its number of source events, also at the small sizes of the instruction
/// counts: the difference method divides by it.
@Suite("Workload sizes")
struct WorkloadSizeTests {
    @Test("MergeMany sends exactly its size in events", arguments: [1, 64, 99, 100, 128, 1_000])
    func mergeManySendsItsSize(events: Int) throws {
        let merge = try #require(Workloads.Catalogue.all.first { $0.name == "MergeMany" })
        #expect(merge.make(events).expected.values == events)
    }
}
