import ArgumentParser
import Measurement
import RxBenchCore

/// How much to measure. `quick` is CI's: every workload, small sizes, few repetitions.
enum Profile: String, CaseIterable, ExpressibleByArgument {
    case quick, standard, full

    func options(repetitions: Int?, warmup: Int?) -> MeasureOptions {
        var options: MeasureOptions
        switch self {
        case .quick: options = MeasureOptions(warmupRuns: 1, repetitions: 5, allocationRepetitions: 2)
        case .standard: options = MeasureOptions(warmupRuns: 2, repetitions: 11)
        case .full: options = MeasureOptions(warmupRuns: 3, repetitions: 31)
        }
        if let repetitions { options.repetitions = repetitions }
        if let warmup { options.warmupRuns = warmup }
        return options
    }

    /// The quick profile (CI's) leaves out:
    /// - sweep points whose size is fixed and large (10^6 and 10^7 events);
    /// - fan-out to more than 1,000 subscribers: the same code paths as 1,000 (a subject's observers are past
    ///   its inline and array storage from about 30), yet they took three quarters of a quick run of every
    ///   row, async-stream's 10,000 tasks alone half of it;
    /// - the contention group: its threads race by design, so its allocation counts depend on how they
    ///   interleave (no exact figure for CI's gate) and its times need the standard profile's repetitions.
    func includes(_ workload: Workload) -> Bool {
        guard self == .quick else { return true }
        let subscribers = workload.parameters.first { $0.name == "subscribers" }?.value ?? 1
        return (workload.scalable || workload.defaultSize <= 100_000) && subscribers <= 1_000
            && workload.group != "contention"
    }

    func size(for workload: Workload) -> Int {
        guard workload.scalable else { return workload.defaultSize }
        switch self {
        case .quick: return max(100, workload.defaultSize / 20)
        case .standard: return workload.defaultSize
        case .full: return workload.defaultSize * 2
        }
    }
}

enum ReportFormat: String, CaseIterable, ExpressibleByArgument {
    case table, csv, json
}

enum AllocatorChoice: String, CaseIterable, ExpressibleByArgument {
    case system, jemalloc
}
