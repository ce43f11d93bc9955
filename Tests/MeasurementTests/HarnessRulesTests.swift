import EngineRegistry
import RxBenchCore
import RxBenchResults
import Testing
import TestSupport
import Workloads
@testable import Measurement

/// The harness's own rules, each held where it is decided: which of a count's attempts is the count, what the
/// tally forgets between runs, how many latency samples a run keeps, which rounds of the live-bytes probe count.
@Suite("The harness's rules", .serialized, .engineExclusive, .timeLimit(.minutes(5)))
struct HarnessRulesTests {
    static func delta(_ allocations: Int, bytes: Int) -> AllocationDelta {
        AllocationDelta(allocations: allocations, frees: 0, bytesAllocated: bytes, bytesFreed: 0, bytesRequested: bytes)
    }

    /// What runtimes add to a count (a cache refilled, a worker started) is never negative: the fewest
    /// allocations of the attempts is the chain's own count, and among equals the fewest bytes.
    @Test("an allocation count is the fewest of its attempts, then the fewest bytes")
    func fewestAttempt() throws {
        for (attempts, expected) in [
            ([Self.delta(5, bytes: 80), Self.delta(3, bytes: 48), Self.delta(4, bytes: 64)], Self.delta(3, bytes: 48)),
            ([Self.delta(3, bytes: 48), Self.delta(7, bytes: 10)], Self.delta(3, bytes: 48)),
            ([Self.delta(3, bytes: 64), Self.delta(3, bytes: 48), Self.delta(3, bytes: 56)], Self.delta(3, bytes: 48)),
        ] {
            var remaining = attempts[...]
            let count = try fewestAllocations(of: attempts.count) { remaining.removeFirst() }
            #expect(count == expected, "\(attempts)")
            #expect(remaining.isEmpty, "every attempt is made")
        }
    }

    /// A run after one that failed starts from nothing: its errors, values and completions are its own.
    @Test("the tally's reset forgets every count, errors included")
    func tallyReset() {
        let tally = Tally(observers: 2)
        tally.observers[0].next(4)
        tally.observers[1].completed()
        tally.observers[0].error(BenchError(7))
        #expect(tally.checksum.values == 1 && tally.checksum.completions == 1 && tally.checksum.errors == 1)
        tally.reset()
        #expect(tally.checksum == Checksum(), "\(tally.checksum)")
    }

    /// A latency run of `size` samples keeps `size`: the warm-up's are dropped, none of the run's.
    @Test(
        "a latency run keeps exactly the samples asked for",
        arguments: ["DisposeLatency[depth=1,siblings=0]", "DisposeLatency[depth=1,siblings=100,order=oldest]"])
    func latencySamples(workloadID: String) throws {
        let workload = try #require(Catalogue.select(workloadID)?.first)
        let engine = try #require(EngineRegistry.engine(id: "baseline"))
        let rows = try engine.measure(workload, size: 7, options: Self.options)
        let dispose = try #require(rows.first { $0.metric == .disposeLatency }?.summary)
        #expect(dispose.count == 7)
        if let subscribe = rows.first(where: { $0.metric == .subscribeLatency })?.summary {
            #expect(subscribe.count == 7)
        }
    }

    /// The first round of the live-bytes probe grows what the subject keeps its subscribers in, which later
    /// rounds reuse: it is a warm-up, and the figure is the later rounds', one per allocation repetition, exact.
    @Test(
        "live bytes per subscription leave out the probe's first round",
        .enabled(if: AllocationCounter.isCalibrated, "malloc is not interposed in this process: no live bytes to track"))
    func liveBytesRounds() throws {
        let workload = try #require(Catalogue.select("DisposeLatency[depth=1,siblings=0]")?.first)
        let engine = try #require(EngineRegistry.engine(id: "sink"))
        let rows = try engine.measure(workload, size: 4, options: Self.options)
        let bytes = try #require(rows.first { $0.metric == .bytesPerLiveSubscription }?.summary)
        #expect(bytes.count == Self.options.allocationRepetitions)
        #expect(bytes.min == bytes.max, "every counted round the same: \(bytes)")
    }

    static let options = MeasureOptions(
        warmupRuns: 1, repetitions: 1, allocationRepetitions: 3, allocationSize: 16, liveSubscriptionProbe: 8)
}
