import ArgumentParser
import EngineRegistry
import Foundation
import Measurement
import RxBenchCore
import Workloads

/// `rxbench`: runs the catalogue's workloads on the chosen engines and reports.
public struct RxBenchCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "rxbench",
        abstract: "Measure three reactive engine designs on identical workloads.",
        discussion: """
            Engines: \(EngineRegistry.ids.joined(separator: ", ")) (or all).
            Workloads: a name, a group (\(Catalogue.groups.joined(separator: ", "))), a name with parameters \
            as listed by --list, or all. Progress goes to stderr; the report to stdout or --output.
            """)

    @Option(name: .long, help: "Engine id, a comma-separated list of ids, or 'all'.")
    var engine: String = "all"

    @Option(name: .long, help: "Workload name, id, group, a comma-separated list of these, or 'all'.")
    var workload: String = "all"

    @Flag(name: .long, help: "List engines and workloads, then exit.")
    var list = false

    @Option(name: .long, help: "How much to measure: quick (CI), standard, or full.")
    var profile: Profile = .standard

    @Option(name: .long, help: "Override every workload's size (events, lifecycles or latency samples).")
    var size: Int?

    @Option(name: .long, help: "Override the number of timed repetitions.")
    var repetitions: Int?

    @Option(name: .long, help: "Override the number of warm-up runs.")
    var warmup: Int?

    @Option(name: .long, help: "Report format: table, csv or json.")
    var format: ReportFormat = .table

    @Option(name: .long, help: "Write the report to this file (atomically) instead of stdout.")
    var output: String?

    @Option(name: .long, help: "Allocator: system (glibc) or jemalloc (preloads Debian's libjemalloc2).")
    var allocator: AllocatorChoice = .system

    public init() {}

    public mutating func validate() throws {
        if let size, size < 1 { throw ValidationError("--size must be at least 1, got \(size).") }
        if let repetitions, repetitions < 1 {
            throw ValidationError("--repetitions must be at least 1, got \(repetitions).")
        }
        if let warmup, warmup < 0 { throw ValidationError("--warmup must be 0 or more, got \(warmup).") }
        _ = try selectedEngines()
        _ = try selectedWorkloads()
        if let output {
            let directory = URL(fileURLWithPath: output).deletingLastPathComponent().path
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue
            else { throw ValidationError("--output: directory '\(directory)' does not exist.") }
        }
    }

    public func run() throws {
        if list { return printList() }
        try AllocatorSwitch.ensure(allocator)
        warnIfUnoptimised()

        let engines = try selectedEngines()
        let workloads = try selectedWorkloads()
        let options = profile.options(repetitions: repetitions, warmup: warmup)
        let context = RunContextProbe.current(profile: profile.rawValue)
        var rows: [ResultRow] = []
        var failures: [String] = []
        let total = engines.count * workloads.count
        var done = 0
        for engine in engines {
            for workload in workloads {
                done += 1
                guard size != nil || profile.includes(workload) else {
                    progress("[\(done)/\(total)] \(engine.descriptor.id) \(workload.id) skipped: too large for --profile quick")
                    continue
                }
                let size = size ?? profile.size(for: workload)
                progress("[\(done)/\(total)] \(engine.descriptor.id) \(workload.id) size=\(size)")
                do {
                    rows += try engine.measure(workload, size: size, options: options)
                } catch let HarnessError.unsupported(reason) {
                    progress("    skipped: \(reason)")
                } catch {
                    progress("    FAILED: \(error)")
                    failures.append(error.description)
                }
            }
        }
        guard failures.isEmpty else {
            throw RunFailure("\(failures.count) measurement(s) failed; no report written. First: \(failures[0])")
        }
        let report = ReportWriter(context: context, rows: rows).render(format)
        try emit(report)
    }

    private func selectedEngines() throws -> [RegisteredEngine] {
        if engine == "all" { return EngineRegistry.all }
        return try engine.split(separator: ",").map { id in
            guard let found = EngineRegistry.engine(id: String(id)) else {
                throw ValidationError(
                    "unknown engine '\(id)'; valid: \(EngineRegistry.ids.joined(separator: ", ")), all")
            }
            return found
        }
    }

    private func selectedWorkloads() throws -> [Workload] {
        var chosen: [Workload] = []
        for selector in splitList(workload) {
            guard let found = Catalogue.select(selector) else {
                throw ValidationError(
                    "unknown workload '\(selector)'; valid: all, a group (\(Catalogue.groups.joined(separator: ", "))), "
                        + "or a name from --list")
            }
            chosen += found.filter { candidate in !chosen.contains { $0.id == candidate.id } }
        }
        return chosen
    }

    private func printList() {
        print("Engines:")
        for engine in EngineRegistry.all {
            let id = engine.descriptor.id.padding(toLength: 20, withPad: " ", startingAt: 0)
            print("  \(id) \(engine.descriptor.role.rawValue.padding(toLength: 10, withPad: " ", startingAt: 0)) "
                + engine.descriptor.modelledOn)
        }
        print("\nWorkloads (id, group, shape, default size):")
        for workload in Catalogue.all {
            print("  \(workload.id.padding(toLength: 44, withPad: " ", startingAt: 0)) "
                + "\(workload.group.padding(toLength: 8, withPad: " ", startingAt: 0)) "
                + "\(workload.shape.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0)) "
                + "\(workload.defaultSize)  \(workload.summary)")
        }
    }

    private func emit(_ report: String) throws {
        guard let output else { return print(report, terminator: "") }
        // Written to a temporary file beside the target and renamed: a reader never sees half a report.
        let target = URL(fileURLWithPath: output)
        let temporary = target.deletingLastPathComponent()
            .appendingPathComponent(".\(target.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
        do {
            try Data(report.utf8).write(to: temporary)
            guard rename(temporary.path, target.path) == 0 else {
                throw RunFailure(String(cString: strerror(errno)))
            }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw RunFailure("cannot write \(output): \(error.localizedDescription)")
        }
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

/// A failure of the run itself (not of the arguments): one line, exit code 1.
struct RunFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

func progress(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}
