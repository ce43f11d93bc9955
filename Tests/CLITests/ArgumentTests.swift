import Foundation
import EngineRegistry
import Measurement
@testable import RxBenchCLI
import Testing
import Workloads

/// Bad input is refused before anything runs, with a message naming the valid choices, and leaves no file.
@Suite("CLI arguments", .timeLimit(.minutes(5)))
struct ArgumentTests {
    @Test("an unknown engine names the valid ones")
    func unknownEngine() throws {
        try expectRefused(
            ["--engine", "rxswift"],
            saying: ["unknown engine 'rxswift'", "sink", "signal", "subscriber", "subscriber-direct", "baseline", "all"])
    }

    @Test("--help lists the commands, measure the default")
    func helpNamesTheCommands() {
        let help = RxBenchCommand.helpMessage(columns: 400)
        #expect(help.contains("SUBCOMMANDS:") && help.contains("measure (default)"), "\(help)")
        #expect(help.contains("list") && help.contains("conformance") && !help.contains("child"), "\(help)")
        // The usage names every form, and measuring needs no command name.
        #expect(help.contains("rxbench [measure] [--engine <ids>]") && help.contains("rxbench list [--engine <ids>]")
                    && help.contains("rxbench conformance [--engine <ids>]"), "\(help)")
    }

    @Test("an unknown workload names the groups")
    func unknownWorkload() throws {
        try expectRefused(["--workload", "MapFilterPumpin"], saying: ["unknown workload 'MapFilterPumpin'", "rxswift"])
    }

    @Test("malformed sizes are refused", arguments: [["--size", "0"], ["--size", "ten"], ["--repetitions", "-1"]])
    func malformedSizes(arguments: [String]) {
        #expect(validationMessage(arguments) != nil)
    }

    @Test("an unknown format or profile is refused", arguments: [["--format", "xml"], ["--profile", "huge"]])
    func closedChoices(arguments: [String]) {
        #expect(validationMessage(arguments) != nil)
    }

    @Test("an output path in a missing directory is refused and nothing is written")
    func missingDirectory() throws {
        let path = "/tmp/rxbench-missing-\(UUID().uuidString)/report.csv"
        try expectRefused(["--engine", "baseline", "--output", path], saying: ["does not exist"])
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test("an empty engine or workload list is refused, naming the choices", arguments: ["", ",", " , "])
    func emptyLists(list: String) throws {
        try expectRefused(["--engine", list], saying: ["--engine is empty", "sink", "all"])
        try expectRefused(["--workload", list], saying: ["--workload is empty", "rxswift"])
    }

    @Test("a negative or non-numeric size names the bounds", arguments: ["-1", "0", "ten", "1.5"])
    func sizeMessage(text: String) throws {
        try expectRefused(["--size", text], saying: ["--size must be a whole number from 1 to", "'\(text)'"])
    }

    @Test("--output naming a directory is refused before measuring, naming the path")
    func outputDirectory() throws {
        let directory = FileManager.default.temporaryDirectory.path
        try expectRefused(["--engine", "baseline", "--output", directory], saying: [directory, "is a directory"])
    }

    /// CI runs as root, whom a directory's mode does not stop: there the directory is one in sysfs, which
    /// refuses new files to root too. Either way the message names the path and the system's reason.
    @Test("--output in a directory that cannot be written is refused before measuring, with errno's reason")
    func outputUnwritable() throws {
        let path: String
        var cleanup: () -> Void = {}
        if getuid() == 0 {
            try #require(
                FileManager.default.fileExists(atPath: "/sys/kernel"),
                "running as root, this test needs sysfs (/sys/kernel) for a directory that root cannot write")
            path = "/sys/kernel/rxbench-report-\(UUID().uuidString).csv"
        } else {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rxbench-ro-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            chmod(directory.path, 0o500)
            cleanup = { try? FileManager.default.removeItem(at: directory) }
            path = directory.appendingPathComponent("report.csv").path
        }
        defer { cleanup() }
        let text = try #require(validationMessage(["--engine", "baseline", "--output", path]))
        #expect(text.contains(path) && text.contains("cannot create files"), "\(text)")
        #expect(text.contains(String(cString: strerror(EACCES))), "the reason is errno's, not a guess: \(text)")
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test("--output under a path whose parent is a file says so")
    func outputUnderAFile() throws {
        try expectRefused(
            ["--engine", "baseline", "--output", "/proc/version/report.csv"],
            saying: ["'/proc/version' is a file, not a directory"])
    }

    @Test("--output naming a file that cannot be written is refused before measuring")
    func outputReadOnlyFile() throws {
        // /proc/version exists and refuses writes even to root.
        try expectRefused(["--engine", "baseline", "--output", "/proc/version"], saying: ["/proc/version"])
    }

    @Test("valid selections parse")
    func valid() {
        #expect(
            validationMessage(["--engine", "sink,signal", "--workload", "seed,MapFilterPumping", "--format", "csv"]) == nil)
        #expect(validationMessage(["--workload", "DisposeLatency[depth=10,siblings=0]"]) == nil)
    }
}

@Suite("CLI end to end", .timeLimit(.minutes(5)))
struct EndToEndTests {
    /// The rxbench built beside this test bundle (SwiftPM puts both in one folder), so that a build with
    /// another scratch path or sanitizer runs its own binary, not the default build's.
    static let binary = URL(fileURLWithPath: (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
        ?? CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("rxbench")

    /// Starts the built rxbench with `arguments`; its output and error go where given (a `Pipe` or a
    /// `FileHandle`), or, where nil, where this process's go.
    static func launch(_ arguments: [String], stdout: Any? = nil, stderr: Any? = nil) throws -> Process {
        try #require(FileManager.default.isExecutableFile(atPath: binary.path), "build rxbench first")
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        if let stdout { process.standardOutput = stdout }
        if let stderr { process.standardError = stderr }
        try process.run()
        return process
    }

    /// Runs the built rxbench in its own process (its allocation counter sees no other test's threads)
    /// and returns its CSV rows as dictionaries.
    static func csvRows(_ arguments: [String]) throws -> [[String: String]] {
        let stdout = Pipe()
        let process = try launch(arguments + ["--format", "csv"], stdout: stdout, stderr: FileHandle.nullDevice)
        let data = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n").map { fields(String($0)) }
        guard let header = lines.first else { return [] }
        return lines.dropFirst().map { Dictionary(uniqueKeysWithValues: zip(header, $0)) }
    }

    /// Exact means exact: the allocation counts of workloads that deliver on another thread (a serial
    /// queue) and of live subscriptions beside siblings agree across every repetition, for every engine.
    @Test("allocation counts of cross-thread and latency workloads are the same in every repetition",
        .timeLimit(.minutes(5)),
        .enabled(if: AllocationCounter.isCompiledIn, "not checked: the counter is not compiled into sanitizer builds (ThreadSanitizer replaces malloc)"))
    func exactAcrossThreads() throws {
        let rows = try Self.csvRows([
            "--engine", "all", "--workload", "ObserveOnSerialQueue,AsyncMapPumping,DisposeLatency[depth=10,siblings=0]",
            "--profile", "quick", "--repetitions", "1", "--size", "200",
        ])
        let all = rows.filter { ["mallocs_per_event", "bytes_per_live_subscription"].contains($0["metric"]) }
        // The async rows' consuming task on the queue takes a job whenever it has caught up with the sender, as
        // the two threads' race falls: no exact count exists, and the harness reports none (Harness.swift,
        // allocationsPerUnit). Observation keeps a disposed observer registered until the property next changes,
        // so the bytes of a probe's live subscriptions grow with the probes disposed before it, and the harness
        // reports none (`allocationCountsDependOnHistory`). Every other count is a number.
        let unavailable = all.filter { $0["flag"] == "unavailable" }
        #expect(
            unavailable.map { "\($0["engine"]!) \($0["workload"]!) \($0["metric"]!)" }
                == [
                    "async-stream ObserveOnSerialQueue mallocs_per_event", "async-channel ObserveOnSerialQueue mallocs_per_event",
                    "observation DisposeLatency bytes_per_live_subscription",
                ])
        let counts = all.filter { $0["flag"] != "unavailable" }
        #expect(counts.count >= 10)
        for row in counts {
            #expect(row["n"].flatMap(Int.init) ?? 0 >= 2, "\(row)")
            // Under glibc a Swift array's capacity follows malloc_usable_size, which depends on the heap's
            // history: a window of 200 units may need one growth more or less (scripts/rxtools/compare.py's
            // GLIBC_GROWTH_SLACK). Bytes and every count under jemalloc must agree exactly.
            let slack = row["metric"] == "mallocs_per_event" && row["allocator"] == "glibc" ? 2.0 / 200 + 1e-9 : 0
            let low = try #require(row["min"].flatMap(Double.init)), high = try #require(row["max"].flatMap(Double.init))
            #expect(high - low <= slack, "\(row["engine"]!) \(row["workload"]!) \(row["metric"]!): \(row["min"]!)..\(row["max"]!)")
        }
    }

    /// What a row cannot express is in the report, not only on stderr: one `unsupported` record per (row,
    /// workload) with the reason `--list` gives, whether the adapter lacks the operator (the floor has no
    /// merge) or the harness declines the checksum (async-stream delivers MergeMany's sources interleaved).
    @Test("a workload a row cannot express is a CSV record with the reason rxbench list gives")
    func unsupportedIsRecordedWithItsReason() throws {
        // sink runs MergeMany, so that the run has a figure (a run of none is refused before it starts).
        let rows = try Self.csvRows(["--engine", "async-stream,sink", "--workload", "MergeMany", "--profile", "quick"])
        #expect(rows.allSatisfy { $0["schema"] == "3" && $0.count == 27 }, "\(rows)")
        let records = rows.filter { $0["metric"] == "unsupported" }
        #expect(rows.filter { $0["engine"] != "sink" }.allSatisfy { $0["metric"] == "unsupported" },
                "a row that cannot run the workload has no figure for it")
        #expect(rows.contains { $0["engine"] == "sink" && $0["metric"] != "unsupported" })
        for engine in ["async-stream", "baseline"] {
            let registered = try #require(EngineRegistry.engine(id: engine))
            let workload = try #require(Catalogue.select("MergeMany")?.first)
            let reason = try #require(registered.unsupported(workload)?.operation)
            let record = try #require(records.first { $0["engine"] == engine }, "no record for \(engine)")
            #expect(record["workload"] == "MergeMany" && record["parameters"] == workload.parameterText)
            #expect(record["flag"] == "unsupported" && record["note"] == reason, "\(record)")
            for statistic in ["n", "median", "min", "max", "mad", "p90", "p99", "p999"] {
                #expect(record[statistic] == "", "\(engine) \(statistic) must be empty, never 0")
            }
        }
        let asyncStream = try #require(records.first { $0["engine"] == "async-stream" })
        #expect(asyncStream["note"]?.contains("delivered asynchronously") == true)
    }

    @Test("list shows every row id and workload id whole, as the first field of its line")
    func listShowsWholeIDs() throws {
        let stdout = Pipe()
        let process = try Self.launch(["list"], stdout: stdout)
        let text = stdout.readAll()
        process.waitUntilExit()
        // Scripts (ci-benchmarks.sh, rxtools benchmark-mallocs) read ids from this column.
        let firstFields = Set(text.split(separator: "\n").filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }
            .compactMap { $0.split(separator: " ").first.map(String.init) })
        for id in EngineRegistry.ids + Catalogue.all.map(\.id) {
            #expect(firstFields.contains(id), "list does not show '\(id)' whole")
        }
        // The second field of a workload's line is its group, whole ("contention" was cut to "contenti").
        let workloadIDs = Set(Catalogue.all.map(\.id))
        let groups = Set(text.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
            .filter { $0.count > 1 && workloadIDs.contains($0[0]) }.map { $0[1] })
        #expect(groups == Set(Catalogue.groups))
    }

    @Test("a bad argument exits non-zero with one line on stderr and no output file")
    func badArgumentProcess() throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("rxbench-\(UUID().uuidString).csv")
        let stderr = Pipe()
        let process = try Self.launch(["--engine", "nope", "--output", output.path], stdout: Pipe(), stderr: stderr)
        process.waitUntilExit()
        let text = stderr.readAll()
        #expect(process.terminationStatus != 0)
        #expect(text.split(separator: "\n").count == 1)
        #expect(text.contains("unknown engine 'nope'"))
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }
}

extension EndToEndTests {
    @Test("rxbench conformance --engine sink runs the cases on sink alone, and `rxbench help conformance` shows its help")
    func conformanceOneEngine() throws {
        func output(_ arguments: [String]) throws -> (status: Int32, stdout: String) {
            let stdout = Pipe()
            let process = try Self.launch(arguments, stdout: stdout, stderr: FileHandle.nullDevice)
            let printed = stdout.readAll()
            process.waitUntilExit()
            return (process.terminationStatus, printed)
        }
        let run = try output(["conformance", "--engine", "sink"])
        #expect(run.status == 0)
        let verdicts = run.stdout.split(separator: "\n").filter { $0.contains(" cases conform") }
        #expect(verdicts.count == 1 && verdicts[0].hasPrefix("sink: "), "\(verdicts)")
        let help = try output(["help", "conformance"])
        #expect(help.status == 0 && help.stdout.contains("--engine"), "\(help.stdout)")
    }

    @Test("rxbench conformance refuses an empty engine list before running a case", arguments: ["", ","])
    func conformanceEmptyEngine(list: String) throws {
        let stderr = Pipe(), stdout = Pipe()
        let process = try Self.launch(["conformance", "--engine", list], stdout: stdout, stderr: stderr)
        let printed = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = stderr.readAll()
        #expect(process.terminationStatus != 0)
        #expect(text.split(separator: "\n").count == 1 && text.contains("--engine is empty") && text.contains("sink"), "\(text)")
        #expect(printed.isEmpty, "no case ran")
    }
}

extension Pipe {
    /// What was written into the pipe until its writers closed it, as UTF-8.
    func readAll() -> String { String(decoding: fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) }
}

/// What parsing and validating `arguments` answers, a measuring command's plan included (rows and workloads
/// are resolved there, once): nil when they are accepted, else the one-line message.
func validationMessage(_ arguments: [String]) -> String? {
    do {
        var command = try RxBenchCommand.parseAsRoot(arguments)
        try command.validate()
        if let measure = command as? MeasureCommand { _ = try measure.plan() }
        return nil
    } catch {
        return RxBenchCommand.message(for: error)
    }
}

/// Checks that `arguments` are refused before anything runs, with a message that contains each of `parts`.
func expectRefused(
    _ arguments: [String], saying parts: [String], sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let text = try #require(validationMessage(arguments), "accepted: \(arguments)", sourceLocation: sourceLocation)
    for part in parts {
        #expect(text.contains(part), "\(text)", sourceLocation: sourceLocation)
    }
}

/// The fields of one CSV line (RFC 4180 quoting: parameters such as `depth=10,siblings=0` are quoted).
func fields(_ line: String) -> [String] {
    var result: [String] = []
    var current = ""
    var quoted = false
    var previous: Character?
    for character in line {
        switch character {
        case "\"" where quoted:
            quoted = false
        case "\"":
            if previous == "\"" { current.append("\"") }
            quoted = true
        case "," where !quoted:
            result.append(current)
            current = ""
        default:
            current.append(character)
        }
        previous = character
    }
    result.append(current)
    return result
}
