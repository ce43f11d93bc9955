import EngineRegistry
import Measurement
import RxBenchCore
import Testing
import Workloads
import TestSupport

/// The wide fan-in points run only in child processes of the standard and full profiles (RunPlan.swift says
/// why). Here the 1,000-input points run in process on every engine and variant: none may overflow its stack
/// or refuse more than 64 inputs (the sink engine's combineLatest and zip once stopped at 64), and each must
/// give its checksum.
@Suite("Wide fan-in on the engines", .engineExclusive, .timeLimit(.minutes(5)))
struct FanInTests {
    static let options = MeasureOptions(
        warmupRuns: 0, repetitions: 1, allocationRepetitions: 1, allocationSize: 2, liveSubscriptionProbe: 2)

    static let points = Workloads.Catalogue.all.filter {
        $0.name == "FanIn" && $0.parameters.contains { $0.name == "inputs" && $0.value == 1_000 }
    }

    static let engines = EngineRegistry.all.filter { $0.descriptor.role == .engine || $0.descriptor.role == .variant }

    @Test("combineLatest and merge of 1,000 inputs", arguments: engines.map(\.descriptor.id))
    func thousandInputs(engineID: String) throws {
        let engine = try #require(EngineRegistry.engine(id: engineID))
        #expect(Self.points.count == 2, "the catalogue's 1,000-input FanIn points: combineLatest and merge")
        for workload in Self.points {
            let rows = try engine.measure(workload, size: 2, options: Self.options)
            #expect(!rows.isEmpty, "\(engineID) on \(workload.id) gave no figure")
        }
    }
}
