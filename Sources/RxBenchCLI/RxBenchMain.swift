import ArgumentParser
import Conformance
import EngineRegistry
import Foundation
import RxBenchCore
import Workloads

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The entry point of the rxbench CLI, for this package's `rxbench` and for anyone's own executable that
/// adds rows (docs/adding-an-engine.md):
///
///     RxBench.main(adding: [RegisteredEngine(MyLibraryAdapter())])
///
/// runs the whole CLI (`--engine`, `--workload`, `--list`, every format and profile) with the extra rows
/// beside the built-in ones, and `<executable> conformance [--engine <ids>]` reports every conformance case
/// on the chosen rows.
public enum RxBench {
    public static func main(adding engines: [RegisteredEngine] = []) -> Never {
        do {
            try EngineRegistry.register(engines)
        } catch {
            fail("\(error)", code: ExitCode.validationFailure.rawValue)
        }
        // A closed stdout (`rxbench --list | head -1`) is a write error that the report's writer names in one
        // line and exit 1 (docs/cli.md), not a silent death by SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        let arguments = Array(CommandLine.arguments.dropFirst())
        // ArgumentParser answers `help <anything>` with the root's help and exit 0, also for a command that
        // does not exist.
        if arguments.count >= 2, arguments[0] == "help", !arguments[1].hasPrefix("-"),
            arguments[1] != ConformanceCommand.configuration.commandName
        {
            fail("help: no command '\(shown(arguments[1]))'; rxbench has one: rxbench help conformance (or rxbench --help)",
                code: ExitCode.validationFailure.rawValue)
        }
        // `conformance` is RxBenchCommand's subcommand (so --help and `rxbench help conformance` list it), but
        // it is parsed on its own: ArgumentParser decodes a parent's options from every argument, also those
        // after the subcommand's name, so the root would take `conformance --engine sink`'s --engine.
        if arguments.first == ConformanceCommand.configuration.commandName {
            run(ConformanceCommand.self, Array(arguments.dropFirst()))
        }
        run(RxBenchCommand.self, arguments)
    }

    /// Errors are one line on stderr (`rxbench: error: ...`) and a non-zero exit; help and --version keep
    /// ArgumentParser's own output.
    private static func run<Command: ParsableCommand>(_ type: Command.Type, _ arguments: [String]) -> Never {
        if let repeated = repeatedOption(arguments) {
            fail("\(repeated) is given twice; give it once.", code: ExitCode.validationFailure.rawValue)
        }
        do {
            var command = try type.parseAsRoot(arguments)
            try command.run()
            exit(0)
        } catch {
            let code = type.exitCode(for: error)
            if code == .success { type.exit(withError: error) }
            let message = type.message(for: error).split(separator: "\n").first.map(String.init) ?? "failed"
            fail(message, code: code == .validationFailure ? code.rawValue : 1)
        }
    }

    /// The first option given twice (`--size 5 --size 7`): ArgumentParser would keep the last value without
    /// a word. Options are `--name` or `--name=value`; a lone `--` ends them.
    static func repeatedOption(_ arguments: [String]) -> String? {
        var seen: Set<Substring> = []
        for argument in arguments {
            if argument == "--" { break }
            guard argument.hasPrefix("--") else { continue }
            let name = argument.split(separator: "=", maxSplits: 1)[0]
            if !seen.insert(name).inserted { return String(name) }
        }
        return nil
    }

    private static func fail(_ message: String, code: Int32) -> Never {
        OutputStreams.writeProgress("rxbench: error: \(message)\n")
        exit(code)
    }
}

/// Lines for `--list`: the workloads `engine` cannot express, each with its one-line reason.
public func unsupportedSummary(_ engine: RegisteredEngine) -> [String] {
    var seen: Set<String> = []
    return Catalogue.all.compactMap { workload in
        guard seen.insert(workload.name).inserted, let reason = engine.unsupported(workload) else { return nil }
        return "cannot run \(workload.name): \(reason.operation)"
    }
}

/// `rxbench conformance`: every conformance case on the chosen rows, with what differs.
struct ConformanceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "conformance",
        abstract: "Run every conformance case on the chosen engines and report what differs.",
        discussion: "Real libraries differ where their model does (docs/decisions/real-libraries.md).")

    @Option(name: .long, help: "Engine id, a comma-separated list of ids, or 'all'.")
    var engine: String = "all"

    @Flag(name: .long, help: "Exit with status 1 when any case differs.")
    var strict = false

    func validate() throws { _ = try engines() }

    private func engines() throws -> [RegisteredEngine] { try RxBenchCommand.engines(named: engine) }

    func run() throws {
        var anyDiffers = false
        for engine in try engines() {
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
