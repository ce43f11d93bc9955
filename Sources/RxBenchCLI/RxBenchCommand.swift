import ArgumentParser
import EngineRegistry
import Foundation
import Measurement
import RxBenchCore
import RxBenchResults
import Workloads

/// `rxbench`: runs the catalogue's workloads on the chosen engines and reports.
public struct RxBenchCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "rxbench",
        abstract: "Measure three reactive engine designs on identical workloads.",
        // The generated usage ("rxbench <options> <subcommand>") reads as if a subcommand were required.
        usage: """
            rxbench [--engine <ids>] [--workload <ids>] [<options>]
            rxbench conformance [--engine <ids>] [--strict]
            """,
        discussion: """
            Engines: \(EngineRegistry.ids.joined(separator: ", ")) (or all).
            Workloads: a name, a group (\(Catalogue.groups.joined(separator: ", "))), a name with parameters \
            as listed by --list, or all. Progress goes to stderr; the report to stdout or --output.
            """,
        subcommands: [ConformanceCommand.self])

    @Option(name: .long, help: "Engine id, a comma-separated list of ids, or 'all'.")
    var engine: String = "all"

    @Option(name: .long, help: "Workload name, id, group, a comma-separated list of these, or 'all'.")
    var workload: String = "all"

    @Flag(name: .long, help: "List engines and workloads, then exit; with --format csv, the workload catalogue (workload, group, shape, summary, default size).")
    var list = false

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

    /// Internal: the child of `--instructions`, run under callgrind.
    @Option(name: .long, help: .hidden)
    var instructionProbe: Int?

    /// Internal: the child of `--isolation process` prints its rows as JSON.
    @Flag(name: .long, help: .hidden)
    var emitRows = false

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

    public init() {}

    public mutating func validate() throws {
        _ = try sizeValue
        _ = try repetitionsValue
        _ = try warmupValue
        _ = try timeLimitValue
        _ = try selectedEngines()
        _ = try selectedWorkloads()
        if list, output != nil || (formatChoice != nil && formatChoice != .csv) {
            throw ValidationError(
                "--list prints rows and workloads to stdout, or with --format csv the workload catalogue; --output and other formats apply to reports: drop them.")
        }
        if list {
            // What a list would silently ignore: it measures nothing.
            let ignored = [
                size.map { _ in "--size" }, repetitions.map { _ in "--repetitions" }, warmup.map { _ in "--warmup" },
                profileChoice.map { _ in "--profile" }, allocatorChoice.map { _ in "--allocator" },
                isolation == .process ? "--isolation" : nil, instructions ? "--instructions" : nil,
                timeLimit.map { _ in "--time-limit" },
            ].compactMap { $0 }
            if !ignored.isEmpty {
                throw ValidationError(
                    "--list measures nothing; \(ignored.joined(separator: ", ")) "
                        + "\(ignored.count == 1 ? "does" : "do") not apply to it: drop \(ignored.count == 1 ? "it" : "them").")
            }
        }
        if timeLimit != nil, !list, !instructions, isolation != .process {
            throw ValidationError(
                "--time-limit stops a row x workload measured in a process of its own, and this process cannot "
                    + "stop its own measurement: add --isolation process.")
        }
        if let output { try ReportFile.checkWritable(output) }
        if !list, !instructions, instructionProbe == nil, !emitRows { try checkSomethingToMeasure() }
        if !list, instructionProbe == nil, !emitRows {
            let sizeOverride = try sizeValue
            if instructions {
                try Isolation.ensureOpenFileLimit(for: "--instructions")
            } else if isolation == .process {
                try Isolation.ensureOpenFileLimit(for: "--isolation process")
            } else if try selectedWorkloads().contains(where: {
                (sizeOverride != nil || profile.plan.includes($0)) && $0.make(1).ownProcess != nil
            }) {
                try Isolation.ensureOpenFileLimit(for: "a workload that runs in a process of its own (FanIn)")
            }
        }
        if instructions, instructionProbe == nil {
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
            try checkSomethingToCount()
            if Callgrind.valgrindPath() == nil {
                throw ValidationError("--instructions needs valgrind on PATH (Debian: apt-get install valgrind).")
            }
        }
    }

    /// The largest `--size`: ten times the full profile's largest workload (EventSweep's 10^7 events); past it
    /// a latency workload's sample table alone needs gigabytes.
    static let maximumSize = 100_000_000
    static let maximumRepetitions = 1_000

    private var sizeValue: Int? {
        get throws { try Self.integer(size, "--size", minimum: 1, maximum: Self.maximumSize) }
    }
    private var repetitionsValue: Int? {
        get throws { try Self.integer(repetitions, "--repetitions", minimum: 1, maximum: Self.maximumRepetitions) }
    }
    private var warmupValue: Int? {
        get throws { try Self.integer(warmup, "--warmup", minimum: 0, maximum: Self.maximumRepetitions) }
    }
    /// A day: past it a limit stops nothing a run would be waited for.
    static let maximumTimeLimit = 86_400
    private var timeLimitValue: Int? {
        get throws { try Self.integer(timeLimit, "--time-limit", minimum: 1, maximum: Self.maximumTimeLimit) }
    }

    /// Refuses a run that would write no figure: every workload left out of the profile, or no selected row
    /// able to run a selected workload.
    private func checkSomethingToMeasure() throws {
        let sizeOverride = try sizeValue
        let measurable = try selectedWorkloads().filter { sizeOverride != nil || profile.plan.includes($0) }
        guard !measurable.isEmpty else {
            throw ValidationError(
                "nothing to measure: every selected workload is left out of --profile \(profile.rawValue) "
                    + "(too large, or a contention workload); choose --profile standard or give --size.")
        }
        let engines = try enginesWithFloor()
        guard engines.contains(where: { engine in measurable.contains { engine.unsupported($0) == nil } }) else {
            throw ValidationError(
                "nothing to measure: no selected row can run a selected workload (rxbench --list says why).")
        }
    }

    /// Refuses an `--instructions` run that would count nothing, before any callgrind child starts: every
    /// selected workload left out of the instruction plan (latency, delivery on another thread, a fan-out too
    /// wide to count), or no selected row able to run one of the others.
    private func checkSomethingToCount() throws {
        let countable = try selectedWorkloads().filter(RunPlan.instructions.includes)
        guard !countable.isEmpty else {
            throw ValidationError(
                "nothing to count: --instructions counts pumping and creating workloads delivered on one thread, "
                    + "and every selected workload is latency, delivered on another thread, or too wide (docs/metrics.md).")
        }
        let engines = try enginesWithFloor()
        guard engines.contains(where: { engine in countable.contains { engine.unsupported($0) == nil } }) else {
            throw ValidationError(
                "nothing to count: no selected row can run a selected workload (rxbench --list says why).")
        }
    }

    /// A whole number from `minimum` to `maximum`, or a message that names both bounds.
    static func integer(_ text: String?, _ option: String, minimum: Int, maximum: Int) throws -> Int? {
        guard let text else { return nil }
        guard let value = Int(text), (minimum...maximum).contains(value) else {
            throw ValidationError("\(option) must be a whole number from \(minimum) to \(maximum), got '\(text)'.")
        }
        return value
    }

    /// How long a row may take on a workload that runs in a process of its own (`Scenario.ownProcess`): a row
    /// whose cost grows with the square of a fan-in's inputs would otherwise hold the run for hours.
    /// `--time-limit` replaces it, and sets one for every other workload of an `--isolation process` run.
    static let ownProcessTimeLimit = 120

    public func run() throws {
        if list { return try printList() }
        if let instructionProbe { return try runInstructionProbe(size: instructionProbe) }
        try AllocatorSwitch.ensure(allocator)
        if emitRows {
            StackOverflowReport.install()
            StackOverflowReport.faultIfTestAsks()
        }
        warnIfUnoptimised()

        let engines = try enginesWithFloor()
        let workloads = try selectedWorkloads()
        if instructions { return try runInstructions(engines: engines, workloads: workloads) }
        let options = profile.options(repetitions: try repetitionsValue, warmup: try warmupValue)
        if !AllocationCounter.isCalibrated {
            progress("allocation counting is unavailable in this process: allocation metrics are reported as unavailable")
        }
        let context = RunContextProbe.current(profile: profile.rawValue)
        var rows: [ResultRow] = []
        var unsupported: [UnsupportedWorkload] = []
        var failures: [String] = []
        let sizeOverride = try sizeValue
        let timeLimit = try timeLimitValue
        let total = engines.count * workloads.count
        var done = 0
        // Workload by workload, the floor first: each row is measured minutes, not an hour, from the floor it is
        // compared with, so a change in the machine's load moves both (measurement-validity.md: engine by
        // engine, a build starting beside the run once made the floor 2x slower than the rows before it).
        for workload in workloads {
            // A workload that may overflow a row's stack runs in a process of its own in every run.
            let mayOverflow = workload.make(1).ownProcess != nil
            let ownProcess = !emitRows && (isolation == .process || mayOverflow)
            if sizeOverride != nil, !workload.scalable {
                progress("--size does not apply to \(workload.id): its size is its parameter")
            }
            for engine in engines {
                done += 1
                guard sizeOverride != nil || profile.plan.includes(workload) else {
                    progress("[\(done)/\(total)] \(engine.descriptor.id) \(workload.id) skipped: not in --profile quick (too large, or a contention workload)")
                    continue
                }
                // A workload whose size is its parameter (EventSweep[events=n]) keeps it: its id names the size.
                let size = workload.scalable ? sizeOverride ?? profile.plan.size(for: workload) : profile.plan.size(for: workload)
                progress("[\(done)/\(total)] \(engine.descriptor.id) \(workload.id) size=\(size)")
                do {
                    if ownProcess {
                        let child = try Isolation.measureInChild(
                            engine: engine.descriptor.id, workload: workload.id, size: size, options: options,
                            profile: profile, timeLimit: timeLimit ?? (mayOverflow ? Self.ownProcessTimeLimit : nil))
                        for skipped in child.unsupported {
                            progress("    skipped: \(UnsupportedFlow(engine: skipped.engine, operation: skipped.reason))")
                        }
                        rows += child.rows
                        unsupported += child.unsupported
                    } else {
                        rows += try engine.measure(workload, size: size, options: options)
                    }
                } catch let HarnessError.unsupported(reason) {
                    progress("    skipped: \(reason)")
                    unsupported.append(UnsupportedWorkload(engine.descriptor, workload, reason))
                } catch let overflow as Isolation.StackOverflow {
                    let reason = UnsupportedFlow(engine: overflow.engine, operation: overflow.reason)
                    progress("    \(overflow.engine) \(overflow.reason)")
                    unsupported.append(UnsupportedWorkload(engine.descriptor, workload, reason))
                } catch let limit as Isolation.TimeLimit {
                    let reason = UnsupportedFlow(engine: limit.engine, operation: limit.reason)
                    progress("    \(limit.engine) \(limit.reason)")
                    unsupported.append(UnsupportedWorkload(engine.descriptor, workload, reason))
                } catch {
                    progress("    FAILED: \(error)")
                    failures.append("\(error)")
                }
            }
        }
        guard failures.isEmpty else {
            throw RunFailure("\(failures.count) measurement(s) failed; no report written. First: \(failures[0])")
        }
        if emitRows { return try Isolation.emit(Isolation.ChildResult(rows: rows, unsupported: unsupported)) }
        rows = FloorCheck.flag(rows)
        for row in rows where row.flag == .belowFloor {
            progress("WARNING: \(row.engine) beats the floor on \(row.workloadID) \(row.metric.rawValue) beyond the spread")
        }
        try emit(ReportWriter(context: context, rows: rows, unsupported: unsupported).render(format))
    }

    /// The selected engines, the floor first: added unless it is selected already or `--no-floor` is given,
    /// so that a table always has the floor to compare with.
    private func enginesWithFloor() throws -> [RegisteredEngine] {
        let engines = try selectedEngines()
        guard !noFloor, let floor = EngineRegistry.engine(id: FloorCheck.floorID) else { return engines }
        return [floor] + engines.filter { $0.descriptor.id != FloorCheck.floorID }
    }

    func selectedEngines() throws -> [RegisteredEngine] { try Self.engines(named: engine) }

    /// The rows an `--engine` value names: `all`, an id, or a comma-separated list of ids. An empty or
    /// all-empty list is an error naming the choices (both `rxbench` and `rxbench conformance` parse it here).
    static func engines(named list: String) throws -> [RegisteredEngine] {
        if list == "all" { return EngineRegistry.all }
        let ids = list.split(separator: ",", omittingEmptySubsequences: true).map {
            $0.trimmingCharacters(in: .whitespaces)
        }.filter { !$0.isEmpty }
        guard !ids.isEmpty else {
            throw ValidationError("--engine is empty; give an id, a comma-separated list, or all: "
                + "\(EngineRegistry.ids.joined(separator: ", ")), all")
        }
        if ids.contains("all") {
            throw ValidationError("--engine all stands alone; give all, or a comma-separated list of ids without it.")
        }
        var seen: Set<String> = []
        if let repeated = ids.first(where: { !seen.insert($0).inserted }) {
            throw ValidationError("--engine names '\(shown(repeated))' twice; name each row once.")
        }
        return try ids.map { id in
            guard let found = EngineRegistry.engine(id: id) else {
                throw ValidationError(
                    "unknown engine '\(shown(id))'; valid: \(EngineRegistry.ids.joined(separator: ", ")), all")
            }
            return found
        }
    }

    func selectedWorkloads() throws -> [Workload] {
        var chosen: [Workload] = []
        let selectors = splitList(workload).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard !selectors.isEmpty else {
            throw ValidationError("--workload is empty; give a name, an id, a group "
                + "(\(Catalogue.groups.joined(separator: ", "))), a comma-separated list, or all")
        }
        for selector in selectors {
            guard let found = Catalogue.select(selector) else {
                throw ValidationError(
                    "unknown workload '\(shown(selector))'; valid: all, a group (\(Catalogue.groups.joined(separator: ", "))), "
                        + "or a name from --list")
            }
            chosen += found.filter { candidate in !chosen.contains { $0.id == candidate.id } }
        }
        return chosen
    }

    private func printList() throws {
        if formatChoice == .csv { return try OutputStreams.writeReport(Self.catalogueCSV()) }
        var lines: [String] = []
        func add(_ line: String) { lines.append(line) }
        // Columns as wide as their longest entry: ids are never cut (scripts read the first column).
        func column(_ text: String, _ width: Int) -> String { text.padding(toLength: width, withPad: " ", startingAt: 0) }
        let engines = EngineRegistry.all
        let idWidth = max(20, engines.map(\.descriptor.id.count).max() ?? 0)
        add("Engines:")
        add("  (the engines are lean re-implementations of their libraries' designs: each place where one departs")
        add("  from its library, and the variant that does what the library does, is in README's Fidelity table)")
        for engine in engines {
            add("  \(column(engine.descriptor.id, idWidth)) \(column(engine.descriptor.role.rawValue, 10)) "
                + engine.descriptor.modelledOn)
            for line in unsupportedSummary(engine) { add("      \(line)") }
        }
        add("\nWorkloads (id, group, shape, default size):")
        let workloadWidth = max(44, Catalogue.all.map(\.id.count).max() ?? 0)
        let groupWidth = Catalogue.groups.map(\.count).max() ?? 0
        for workload in Catalogue.all {
            add("  \(column(workload.id, workloadWidth)) \(column(workload.group, groupWidth)) "
                + "\(column(workload.shape.rawValue, 9)) \(workload.defaultSize)  \(workload.summary)")
        }
        try OutputStreams.writeReport(lines.joined(separator: "\n") + "\n")
    }

    /// The workload catalogue as CSV, one line per workload id: what scripts/findings.py reads to say what each
    /// workload stands for, from the one place the summaries are written.
    static func catalogueCSV() -> String {
        func quoted(_ text: String) -> String {
            text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" })
                ? "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : text
        }
        var lines = ["workload,group,shape,summary,default_size"]
        for workload in Catalogue.all {
            lines.append(
                [workload.id, workload.group, workload.shape.rawValue, workload.summary, String(workload.defaultSize)]
                    .map(quoted).joined(separator: ","))
        }
        return lines.joined(separator: "\n") + "\n"
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

/// Splits a comma-separated list, keeping commas inside brackets: `seed,DisposeLatency[depth=1,siblings=0]`.
func splitList(_ text: String) -> [String] {
    var items: [String] = []
    var current = ""
    var depth = 0
    for character in text {
        switch character {
        case "[": depth += 1
        case "]": depth -= 1
        case "," where depth == 0:
            items.append(current)
            current = ""
            continue
        default: break
        }
        current.append(character)
    }
    items.append(current)
    return items
}

/// `text` as one line of a message: a newline or another control character given in an argument is shown
/// escaped (`\n`, `\u{7}`), so that the one-line error says all of what was given.
func shown(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\n": result += "\\n"
        case "\t": result += "\\t"
        case "\r": result += "\\r"
        case _ where scalar.properties.generalCategory == .control:
            result += "\\u{\(String(scalar.value, radix: 16))}"
        default: result.unicodeScalars.append(scalar)
        }
    }
    return result
}

/// A failure of the run itself (not of the arguments): one line, exit code 1.
struct RunFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

func progress(_ line: String) {
    OutputStreams.writeProgress(line + "\n")
}
