import Conformance
import EngineRegistry
import Measurement
import RxBenchCore
import Testing
import Workloads
import TestSupport

/// Bytes per live subscription are measured on probe subscriptions that are disposed again before the
/// latency run's checksum is taken. When the live-block tracker's table is full, the window has no figure,
/// and the probes must still be disposed: once they were not, and 64 of them received the checksum's value
/// (subscriber-dependency on DisposeLatency[depth=64], "got values=65").
@Suite("Live bytes per subscription", .engineExclusive, .timeLimit(.minutes(5)))
struct LiveBytesTests {
    @Test("a probe too large for the tracker gives no figure, and its subscriptions are disposed",
          .enabled(if: AllocationCounter.isCalibrated, "malloc is not interposed in this process: no live bytes to track"))
    func overflowDisposesTheProbe() throws {
        let engine = try #require(EngineRegistry.engine(id: "sink"))
        let workload = try #require(Catalogue.select("DisposeLatency[depth=10,siblings=0]")?.first)
        // 20,000 subscriptions of ten stages leave far more live blocks than the table's 131,072.
        let options = MeasureOptions(
            warmupRuns: 0, repetitions: 1, allocationRepetitions: 1, allocationSize: 4, liveSubscriptionProbe: 20_000)
        // The checksum of the run (one value through the one measured chain) fails if a probe is still live.
        let rows = try engine.measure(workload, size: 10, options: options)
        let bytes = try #require(rows.first { $0.metric == .bytesPerLiveSubscription })
        #expect(bytes.summary == nil, "a full table must give no figure, not a partial one")
    }
}
