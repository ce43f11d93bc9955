// rxbench's catalogue as package-benchmark benchmarks: one per row (engine, variant, reference, library) and
// workload, named `engine/Workload[params]`, made in one loop from `EngineRegistry` and `Catalogue`. Each
// iteration is one checked run of the workload through the row's adapter (`RegisteredEngine.prepare`, the
// harness's own runner): a wrong checksum fails the benchmark, never a figure. docs/benchmarks.md.

import Benchmark
import RxBenchKit
import Foundation

let benchmarks: @Sendable () -> Void = {
    let settings = Settings.fromEnvironment()
    for engine in EngineRegistry.all {
        // A row that cannot express a workload gets no benchmark; `rxbench list` gives the reason.
        // A run delivered on pool threads has no exact malloc count in rxbench, and under package-benchmark's
        // malloc interposer it crashed (CI: a free from the runtime's metadata cache on a pool thread).
        // Which workloads come first, before any feasibility check (`Settings.registers`): every benchmark's
        // process registers them all, and under the malloc interposer with jemalloc preloaded the translations
        // of registering the whole catalogue crashed inside the allocator (docs/benchmarks.md).
        for workload in Catalogue.all where settings.registers(workload)
            && engine.unsupported(workload) == nil && !engine.deliversAsynchronously(workload) {
            register(engine, workload, settings)
        }
    }
    registerCalibration(settings)
}

/// How big an iteration is and how many to run. The defaults suit a baseline workflow; the environment
/// overrides them for the malloc agreement check (scripts/rxtools benchmark-mallocs).
struct Settings {
    /// RXBENCH_BENCHMARK_SIZE: events or lifecycles per iteration of every pumping and creating workload.
    var size: Int?
    /// RXBENCH_BENCHMARK_ITERATIONS: at most this many measured iterations per benchmark.
    var iterations: Int?
    /// RXBENCH_BENCHMARK_GROUP: register only this group's workloads (the malloc agreement check runs one).
    var group: String?

    static func fromEnvironment() -> Settings {
        Settings(
            size: positive("RXBENCH_BENCHMARK_SIZE"), iterations: positive("RXBENCH_BENCHMARK_ITERATIONS"),
            group: group("RXBENCH_BENCHMARK_GROUP"))
    }

    /// Whether `workload` gets benchmarks: what `RunPlan.benchmark` includes (not the wide fan-in, which
    /// rxbench runs only in a process of its own), of the one group asked for, if any.
    func registers(_ workload: Workload) -> Bool {
        (group == nil || workload.group == group) && RunPlan.benchmark.includes(workload)
    }

    /// A group of the catalogue from the environment, or nil when unset; anything else ends the process with one line.
    private static func group(_ name: String) -> String? {
        guard let text = ProcessInfo.processInfo.environment[name] else { return nil }
        guard Catalogue.groups.contains(text) else {
            FileHandle.standardError.write(Data(
                "error: \(name) must be a group of the catalogue (\(Catalogue.groups.joined(separator: ", "))), got '\(text)'\n".utf8))
            exit(1)
        }
        return text
    }

    /// A positive integer from the environment, or nil when unset; anything else ends the process with one line.
    private static func positive(_ name: String) -> Int? {
        guard let text = ProcessInfo.processInfo.environment[name] else { return nil }
        guard let value = Int(text), value > 0 else {
            FileHandle.standardError.write(Data("error: \(name) must be a positive integer, got '\(text)'\n".utf8))
            exit(1)
        }
        return value
    }

    /// Units per iteration (RunPlan.benchmark; RXBENCH_BENCHMARK_SIZE overrides it, but for latency
    /// workloads, which sample one subscribe + dispose per iteration) and the matching scaling factor: 1,000
    /// units per iteration are scaled `.kilo`, so package-benchmark's scaled columns (marked `*`) read per
    /// event or per lifecycle.
    func plan(for workload: Workload) -> (size: Int, scaling: BenchmarkScalingFactor) {
        if workload.shape != .latency, let size { return (size, .one) }
        let size = RunPlan.benchmark.size(for: workload)
        return (size, workload.scalable && size == 1_000 ? .kilo : .one)
    }

    func configuration(scaling: BenchmarkScalingFactor, latency: Bool) -> Benchmark.Configuration {
        .init(
            metrics: [.wallClock, .throughput, .mallocCountTotal],
            warmupIterations: 1,
            scalingFactor: scaling,
            maxDuration: .seconds(1),
            maxIterations: iterations ?? (latency ? 100_000 : 10_000),
            thresholds: Thresholds.all)
    }
}

/// Tolerances for `benchmark baseline check`, from the run-to-run spread measured on the project's 2-core
/// machine (docs/benchmarks.md, results/benchmarks/): a check must not fail on noise, and must fail on any
/// change of the exact allocation count.
enum Thresholds {
    static var all: [BenchmarkMetric: BenchmarkThresholds] {
        [
            .wallClock: BenchmarkThresholds(relative: [.p50: timePercent]),
            .throughput: BenchmarkThresholds(relative: [.p50: timePercent]),
            .mallocCountTotal: BenchmarkThresholds(absolute: [.p0: 0, .p50: 0, .p100: 0]),
        ]
    }
    /// Percent of the baseline's median.
    static let timePercent = 25.0
}

/// Holds the prepared workload between setup, iterations and teardown (package-benchmark runs them on one
/// thread, one benchmark per process).
final class PreparedBox: @unchecked Sendable {
    var prepared: PreparedWorkload?
}

func register(_ engine: RegisteredEngine, _ workload: Workload, _ settings: Settings) {
    let plan = settings.plan(for: workload)
    let box = PreparedBox()
    Benchmark(
        "\(engine.descriptor.id)/\(workload.id)",
        configuration: settings.configuration(scaling: plan.scaling, latency: workload.shape == .latency),
        closure: { benchmark in
            guard let prepared = box.prepared else { return benchmark.error("setup did not run") }
            // Only the iteration itself is inside package-benchmark's window, as in rxbench's own count.
            benchmark.startMeasurement()
            do throws(HarnessError) {
                try prepared.iterate()
            } catch {
                benchmark.stopMeasurement()
                return benchmark.error(error.description)
            }
            benchmark.stopMeasurement()
        },
        setup: { box.prepared = try engine.prepare(workload, size: plan.size) },
        teardown: {
            defer { box.prepared = nil }
            try box.prepared?.finish()
        })
}

/// `calibration/EscapingObjects[count=64]`: 64 heap objects per iteration, the burst rxbench counts at
/// start-up to prove its counter exact. package-benchmark's count minus 64 is the tool's own offset per
/// iteration (docs/benchmarks.md); the agreement check reads it from here.
func registerCalibration(_ settings: Settings) {
    let count = 64
    let keep = EscapingObjectStore(capacity: count)
    Benchmark(
        "calibration/EscapingObjects[count=\(count)]",
        configuration: settings.configuration(scaling: .one, latency: false),
        closure: { benchmark in
            keep.objects.removeAll(keepingCapacity: true)
            benchmark.startMeasurement()
            for index in 0..<count { keep.objects.append(EscapingObject(index)) }
            benchmark.stopMeasurement()
        })
}

final class EscapingObjectStore: @unchecked Sendable {
    var objects: [EscapingObject] = []
    init(capacity: Int) { objects.reserveCapacity(capacity) }
}

final class EscapingObject {
    let value: Int
    init(_ value: Int) { self.value = value }
}
