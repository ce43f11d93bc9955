import ArgumentParser
import EngineRegistry
import Foundation
import RxBenchCore
import Workloads

/// `rxbench`: its commands. `measure` is the default, so `rxbench --engine sink` measures.
public struct RxBenchCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "rxbench",
        abstract: "Measure reactive engine designs and libraries on identical workloads.",
        // The generated usage ("rxbench <subcommand>") hides that measuring needs no command name.
        usage: """
            rxbench [measure] [--engine <ids>] [--workload <ids>] [<options>]
            rxbench list [--engine <ids>] [--format table|csv]
            rxbench conformance [--engine <ids>] [--strict]
            """,
        discussion: """
            Engines: \(EngineRegistry.ids.joined(separator: ", ")) (or all).
            Workloads: a name, a group (\(Catalogue.groups.joined(separator: ", "))), a name with parameters \
            as listed by `rxbench list`, or all. `rxbench help measure` lists the measuring options.
            """,
        subcommands: [MeasureCommand.self, ListCommand.self, ConformanceCommand.self, ChildCommand.self],
        defaultSubcommand: MeasureCommand.self)

    public init() {}
}

/// `--engine`, as every command that chooses rows takes it.
struct RowSelection: ParsableArguments {
    @Option(name: .long, help: "Engine id, a comma-separated list of ids, or 'all'.")
    var engine: String = "all"

    func engines() throws -> [RegisteredEngine] { try Self.engines(named: engine) }

    /// The rows an `--engine` value names: `all`, an id, or a comma-separated list of ids. An empty or
    /// all-empty list is an error naming the choices.
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
}

/// `--workload`, as every command that chooses workloads takes it.
struct WorkloadSelection: ParsableArguments {
    @Option(name: .long, help: "Workload name, id, group, a comma-separated list of these, or 'all'.")
    var workload: String = "all"

    func workloads() throws -> [Workload] { try Self.workloads(named: workload) }

    /// The workloads a `--workload` value names, each once, in the order first named (a group and one of its
    /// members name it once).
    static func workloads(named list: String) throws -> [Workload] {
        var chosen: [Workload] = []
        let selectors = splitList(list).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard !selectors.isEmpty else {
            throw ValidationError("--workload is empty; give a name, an id, a group "
                + "(\(Catalogue.groups.joined(separator: ", "))), a comma-separated list, or all")
        }
        for selector in selectors {
            guard let found = Catalogue.select(selector) else {
                throw ValidationError(
                    "unknown workload '\(shown(selector))'; valid: all, a group (\(Catalogue.groups.joined(separator: ", "))), "
                        + "or a name from rxbench list")
            }
            chosen += found.filter { candidate in !chosen.contains { $0.id == candidate.id } }
        }
        return chosen
    }
}

/// A whole number from `minimum` to `maximum`, or a message that names both bounds.
func wholeNumber(_ text: String?, _ option: String, minimum: Int, maximum: Int) throws -> Int? {
    guard let text else { return nil }
    guard let value = Int(text), (minimum...maximum).contains(value) else {
        throw ValidationError("\(option) must be a whole number from \(minimum) to \(maximum), got '\(text)'.")
    }
    return value
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
