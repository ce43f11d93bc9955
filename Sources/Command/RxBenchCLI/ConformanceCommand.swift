import ArgumentParser
import Conformance
import EngineRegistry
import RxBenchCore

/// `rxbench conformance`: every conformance case on the chosen rows, with what differs.
struct ConformanceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "conformance",
        abstract: "Run every conformance case on the chosen engines and report what differs.",
        discussion: "Real libraries differ where their model does (docs/decisions/real-libraries.md).")

    @OptionGroup var rows: RowSelection

    @Flag(name: .long, help: "Exit with status 1 when any case differs.")
    var strict = false

    func run() throws {
        let engines = try rows.engines()
        var anyDiffers = false
        for engine in engines {
            let report = report(engine.adapter)
            try OutputStreams.writeReport(report.lines.map { $0 + "\n" }.joined())
            anyDiffers = anyDiffers || !report.differing.isEmpty
        }
        if strict && anyDiffers { throw ExitCode.failure }
    }

    private func report<A: EngineAdapter>(_ adapter: A) -> ConformanceReport {
        conformanceReport(for: adapter)
    }
}
