import ArgumentParser
import EngineRegistry
import Foundation
import Measurement
import RxBenchCore
import RxBenchResults
import Workloads

/// `rxbench measure` (the default command): the chosen workloads on the chosen rows, timed (or their
/// instructions counted), and one report.
struct MeasureCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "measure",
        abstract: "Measure the chosen workloads on the chosen rows and write one report (the default command).",
        discussion: "Progress goes to stderr; the report to stdout or --output.")

    @OptionGroup var rows: RowSelection
    @OptionGroup var selection: WorkloadSelection

    @Option(name: .customLong("profile"), help: "How much to measure: quick (CI), standard (the default), or full.")
    var profileChoice: Profile?
    var profile: Profile { profileChoice ?? .standard }

    // `.unconditional` so that `--size -1` reaches the check below and is answered as a bad number, not as
    // a missing value.
    @Option(name: .long, parsing: .unconditional, help: "Override every workload's size (events, lifecycles or latency samples).")
    var size: String?

    @Option(name: .long, parsing: .unconditional, help: "Override the number of timed repetitions.")
    var repetitions: String?

    @Option(name: .long, parsing: .unconditional, help: "Override the number of warm-up runs.")
    var warmup: String?

    @Flag(name: .long, help: "Count instructions under valgrind's callgrind (instructions_per_event/_lifecycle) instead of timing.")
    var instructions = false

    @Flag(name: .long, help: "Leave out the floor row that is otherwise added beside the selected engines.")
    var noFloor = false

    @Option(name: .long, help: "Where each engine x workload runs: in this process (none) or in a fresh child process each (process), as JMH forks a JVM per benchmark.")
    var isolation: Isolation = .none

    // `.unconditional` for the same reason as `--size`.
    @Option(name: .long, parsing: .unconditional, help: "With --isolation process: a row x workload still running after this many seconds is stopped and reported as a finding (did not finish), not waited for.")
    var timeLimit: String?

    @Option(name: .customLong("format"), help: "Report format: table, csv or json (default: from --output's extension, .csv or .json, else table).")
    var formatChoice: ReportFormat?
    /// The format asked for, else the one `--output`'s extension names, else a table.
    var format: ReportFormat {
        if let formatChoice { return formatChoice }
        switch output.map({ URL(fileURLWithPath: $0).pathExtension.lowercased() }) {
        case "csv": return .csv
        case "json": return .json
        default: return .table
        }
    }

    @Option(name: .long, help: "Write the report to this file (atomically) instead of stdout.")
    var output: String?

    @Option(name: .customLong("allocator"), help: "Allocator: system (glibc, the default) or jemalloc (preloads Debian's libjemalloc2).")
    var allocatorChoice: AllocatorChoice?
    var allocator: AllocatorChoice { allocatorChoice ?? .system }

    /// The largest `--size`: ten times the full profile's largest workload (EventSweep's 10^7 events); past it
    /// a latency workload's sample table alone needs gigabytes.
    static let maximumSize = 100_000_000
    static let maximumRepetitions = 1_000
    /// A day: past it a limit stops nothing a run would be waited for.
    static let maximumTimeLimit = 86_400
    /// How long a row may take on a workload that runs in a process of its own (`Scenario.ownProcess`): a row
    /// whose cost grows with the square of a fan-in's inputs would otherwise hold the run for hours.
    /// `--time-limit` replaces it, and sets one for every other workload of an `--isolation process` run.
    static let ownProcessTimeLimit = 120

    var sizeValue: Int? { get throws { try wholeNumber(size, "--size", minimum: 1, maximum: Self.maximumSize) } }
    var repetitionsValue: Int? {
        get throws { try wholeNumber(repetitions, "--repetitions", minimum: 1, maximum: Self.maximumRepetitions) }
    }
    var warmupValue: Int? {
        get throws { try wholeNumber(warmup, "--warmup", minimum: 0, maximum: Self.maximumRepetitions) }
    }
    var timeLimitValue: Int? {
        get throws { try wholeNumber(timeLimit, "--time-limit", minimum: 1, maximum: Self.maximumTimeLimit) }
    }

    /// The checks of the options among themselves; the rows and workloads are resolved once, by `plan()`.
    func validate() throws {
        _ = try sizeValue
        _ = try repetitionsValue
        _ = try warmupValue
        _ = try timeLimitValue
        if timeLimit != nil, !instructions, isolation != .process {
            throw ValidationError(
                "--time-limit stops a row x workload measured in a process of its own, and this process cannot "
                    + "stop its own measurement: add --isolation process.")
        }
        if let output { try ReportFile.checkWritable(output) }
        if instructions {
            // Instruction counts run at the sizes Callgrind fixes, once, under valgrind's own allocator.
            let ignored = [
                size.map { _ in "--size" }, repetitions.map { _ in "--repetitions" }, warmup.map { _ in "--warmup" },
                profileChoice.map { _ in "--profile" }, allocatorChoice.map { _ in "--allocator" },
                isolation == .process ? "--isolation" : nil, timeLimit.map { _ in "--time-limit" },
            ].compactMap { $0 }
            if !ignored.isEmpty {
                throw ValidationError(
                    "--instructions counts at fixed sizes, once, under valgrind's allocator; "
                        + "\(ignored.joined(separator: ", ")) \(ignored.count == 1 ? "does" : "do") not apply to it: "
                        + "drop \(ignored.count == 1 ? "it" : "them").")
            }
        }
    }

    /// The rows (the floor first, unless `--no-floor` or it is selected already) x the workloads, resolved once:
    /// a bad selection, or one that would measure nothing, is refused here, before anything is measured.
    func plan() throws -> MeasurementPlan {
        let selected = try rows.engines()
        let workloads = try selection.workloads()
        var engines = selected
        if !noFloor, let floor = EngineRegistry.engine(id: FloorCheck.floorID) {
            engines = [floor] + selected.filter { $0.descriptor.id != FloorCheck.floorID }
        }
        let plan: MeasurementPlan
        if instructions {
            plan = try MeasurementPlan.instructions(engines: engines, workloads: workloads)
            try Isolation.ensureOpenFileLimit(for: "--instructions")
            if Callgrind.valgrindPath() == nil {
                throw ValidationError("--instructions needs valgrind on PATH (Debian: apt-get install valgrind).")
            }
        } else {
            plan = try MeasurementPlan.timed(
                engines: engines, workloads: workloads, profile: profile.plan, sizeOverride: try sizeValue,
                isolated: isolation == .process, timeLimit: try timeLimitValue,
                ownProcessTimeLimit: Self.ownProcessTimeLimit)
            if plan.startsChildProcesses {
                try Isolation.ensureOpenFileLimit(
                    for: isolation == .process
                        ? "--isolation process" : "a workload that runs in a process of its own (FanIn)")
            }
        }
        return plan
    }

    func run() throws {
        let plan = try plan()
        try AllocatorSwitch.ensure(allocator)
        warnIfUnoptimised()
        if instructions { return try Callgrind.report(plan, format: format, emit: emit) }
        let options = profile.options(repetitions: try repetitionsValue, warmup: try warmupValue)
        if !AllocationCounter.isCalibrated {
            progress("allocation counting is unavailable in this process: allocation metrics are reported as unavailable")
        }
        let context = RunContextProbe.current(profile: profile.rawValue)
        if try sizeValue != nil {
            for workload in plan.workloads where !workload.scalable {
                progress("--size does not apply to \(workload.id): its size is its parameter")
            }
        }
        let measured = try CellRunner(options: options, profile: profile).run(plan)
        let rows = FloorCheck.flag(measured.rows)
        for row in rows where row.flag == .belowFloor {
            progress("WARNING: \(row.engine) beats the floor on \(row.workloadID) \(row.metric.rawValue) beyond the spread")
        }
        try emit(ReportWriter(context: context, rows: rows, unsupported: measured.unsupported).render(format))
    }

    func emit(_ report: String) throws {
        guard let output else { return try OutputStreams.writeReport(report) }
        try ReportFile.write(report, to: output)
        progress("wrote \(output)")
    }

    private func warnIfUnoptimised() {
        #if DEBUG
            progress(
                """
                ************************************************************************
                * WARNING: rxbench was built without optimisation (debug). Its figures  *
                * measure the compiler's debug output, not the engines. Use:            *
                *     swift run -c release rxbench ...                                  *
                ************************************************************************
                """)
        #endif
    }
}
