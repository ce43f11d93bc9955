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
/// runs the whole CLI (`measure`, the default, with every option; `list`; `conformance`) with the extra rows
/// beside the built-in ones.
public enum RxBench {
    public static func main(adding engines: [RegisteredEngine] = []) -> Never {
        do {
            try EngineRegistry.register(engines)
        } catch {
            fail("\(error)", code: ExitCode.validationFailure.rawValue)
        }
        // A closed stdout (`rxbench list | head -1`) is a write error that the report's writer names in one
        // line and exit 1 (docs/cli.md), not a silent death by SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        let arguments = Array(CommandLine.arguments.dropFirst())
        // ArgumentParser answers `help <anything>` with the root's help and exit 0, also for a command that
        // does not exist.
        let commands = RxBenchCommand.configuration.subcommands.compactMap { command in
            command.configuration.shouldDisplay ? command.configuration.commandName : nil
        }
        if arguments.count >= 2, arguments[0] == "help", !arguments[1].hasPrefix("-"), !commands.contains(arguments[1]) {
            fail("help: no command '\(shown(arguments[1]))'; rxbench has \(commands.joined(separator: ", ")): "
                    + "rxbench help <command> (or rxbench --help)",
                code: ExitCode.validationFailure.rawValue)
        }
        if let list = arguments.prefix(while: { $0 != "--" }).first(where: { $0 == "--list" }) {
            fail("\(list) is a command: rxbench list (with --format csv for the workload catalogue)",
                code: ExitCode.validationFailure.rawValue)
        }
        run(arguments)
    }

    /// Errors are one line on stderr (`rxbench: error: ...`) and a non-zero exit; help and --version keep
    /// ArgumentParser's own output.
    private static func run(_ arguments: [String]) -> Never {
        if let repeated = repeatedOption(arguments) {
            fail("\(repeated) is given twice; give it once.", code: ExitCode.validationFailure.rawValue)
        }
        do {
            var command = try RxBenchCommand.parseAsRoot(arguments)
            try command.run()
            exit(0)
        } catch {
            let code = RxBenchCommand.exitCode(for: error)
            if code == .success { RxBenchCommand.exit(withError: error) }
            let message = RxBenchCommand.message(for: error).split(separator: "\n").first.map(String.init) ?? "failed"
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
