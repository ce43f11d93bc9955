import ArgumentParser
import Measurement
import RxBenchCore
import Workloads

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

    /// Which workloads the profile measures and at what size (RunPlan, Sources/Harness/Workloads/RunPlan.swift).
    var plan: RunPlan {
        switch self {
        case .quick: .quick
        case .standard: .standard
        case .full: .full
        }
    }
}

enum ReportFormat: String, CaseIterable, ExpressibleByArgument {
    case table, csv, json
}

enum AllocatorChoice: String, CaseIterable, ExpressibleByArgument {
    case system, jemalloc
}
