import EngineRegistry
import Measurement
import RxBenchCore
import RxBenchResults
import Testing
import Workloads
import TestSupport

/// `bytes_held_per_event`: what a row keeps per value that waits for a slow consumer (`Scenario.slowConsumer`).
/// The harness keeps the consumer's queue busy while it feeds; each waiting value is then at least one queued
/// block (libdispatch's continuation alone is 64 bytes here), and a harness that let the consumer run would
/// see blocks freed as the feed goes and read less. Exactness across rounds is the CI gate's check
/// (scripts/rxtools compare: the metric is exact, and the quick run under jemalloc is held to the reference).
@Suite("Bytes held for a slow consumer", .engineExclusive, .timeLimit(.minutes(5)))
struct BytesHeldTests {
    static let options = MeasureOptions(warmupRuns: 0, repetitions: 1, allocationRepetitions: 2, allocationSize: 64)

    @Test("each waiting value holds at least a queued block, on every engine",
          .enabled(if: AllocationCounter.isCalibrated, "malloc is not interposed in this process: no live bytes to track"),
          arguments: ["sink", "signal", "subscriber"])
    func heldPerValue(engineID: String) throws {
        let engine = try #require(EngineRegistry.engine(id: engineID))
        let workload = try #require(Catalogue.select("SlowConsumer")?.first)
        let rows = try engine.measure(workload, size: 64, options: Self.options)
        let held = try #require(rows.first { $0.metric == .bytesHeldPerEvent }?.summary)
        #expect(held.count == 2)
        #expect(held.median >= 64, "\(engineID) held \(held.median) bytes per waiting value")
    }

    /// AsyncStream keeps a waiting value in its buffer, not in a block per value: fewer bytes than one block,
    /// and more than none, which a consumer that took values during the feed would leave.
    @Test("async-stream's waiting values sit in its buffer: more than nothing, less than a block each",
          .enabled(if: AllocationCounter.isCalibrated, "malloc is not interposed in this process: no live bytes to track"))
    func bufferedPerValue() throws {
        let engine = try #require(EngineRegistry.engine(id: "async-stream"))
        let workload = try #require(Catalogue.select("SlowConsumer")?.first)
        let rows = try engine.measure(workload, size: 64, options: Self.options)
        let held = try #require(rows.first { $0.metric == .bytesHeldPerEvent }?.summary)
        #expect(held.count == 2)
        #expect(held.median > 0 && held.median < 64, "async-stream held \(held.median) bytes per waiting value")
    }

    @Test("a workload without a slow consumer reports no held bytes")
    func onlyWhereAsked() throws {
        let engine = try #require(EngineRegistry.engine(id: "sink"))
        let workload = try #require(Catalogue.select("ObserveOnSerialQueue")?.first)
        let rows = try engine.measure(workload, size: 64, options: Self.options)
        #expect(!rows.isEmpty)
        #expect(!rows.contains { $0.metric == .bytesHeldPerEvent })
    }
}
