import ArgumentParser
import EngineRegistry
import Workloads

/// `rxbench list`: the rows, each with the workloads it cannot run and why, and the workloads; or, with
/// `--format csv`, the workload catalogue for scripts.
struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the rows (with the workloads each cannot run, and why) and the workloads.",
        discussion: "With --format csv: the workload catalogue (workload, group, shape, summary, default size).")

    @OptionGroup var rows: RowSelection

    enum ListFormat: String, CaseIterable, ExpressibleByArgument { case table, csv }

    @Option(name: .long, help: "table (the default) or csv (the workload catalogue).")
    var format: ListFormat = .table

    func validate() throws {
        if format == .csv, rows.engine != "all" {
            throw ValidationError("--format csv prints the workload catalogue, which has no rows: drop --engine.")
        }
    }

    func run() throws {
        if format == .csv { return try OutputStreams.writeReport(Self.catalogueCSV()) }
        let engines = try rows.engines()
        var lines: [String] = []
        func add(_ line: String) { lines.append(line) }
        // Columns as wide as their longest entry: ids are never cut (scripts read the first column).
        func column(_ text: String, _ width: Int) -> String { text.padding(toLength: width, withPad: " ", startingAt: 0) }
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

    /// The workload catalogue as CSV, one line per workload id: what scripts/rxtools findings reads to say what each
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
}

/// Lines for `rxbench list`: the workloads `engine` cannot express, each with its one-line reason.
public func unsupportedSummary(_ engine: RegisteredEngine) -> [String] {
    var seen: Set<String> = []
    return Catalogue.all.compactMap { workload in
        guard seen.insert(workload.name).inserted, let reason = engine.unsupported(workload) else { return nil }
        return "cannot run \(workload.name): \(reason.operation)"
    }
}
