import Foundation
@testable import RxBenchCLI
import Testing

/// The edges of the arguments: repeated rows, `all` in a list, bounds named in the message, options that do
/// not apply to `--instructions`, a run that would measure nothing, the format an output file's name implies.
@Suite("CLI argument edges", .timeLimit(.minutes(5)))
struct EdgeArgumentTests {
    @Test("a row named twice is refused, not measured twice")
    func repeatedRow() throws {
        try expectRefused(["--engine", "sink,signal,sink"], saying: ["--engine names 'sink' twice"])
    }

    /// The floor is measured once, first, whether or not it is named; `--no-floor` leaves it out unless named.
    @Test("the floor is measured once and first, named or not", arguments: [
        (["--engine", "sink"], ["baseline", "sink"]),
        (["--engine", "baseline,sink"], ["baseline", "sink"]),
        (["--engine", "sink,baseline"], ["baseline", "sink"]),
        (["--no-floor", "--engine", "sink"], ["sink"]),
        (["--no-floor", "--engine", "sink,baseline"], ["sink", "baseline"]),
    ])
    func floorOnce(arguments: [String], rows: [String]) throws {
        var command = try RxBenchCommand.parseAsRoot(arguments)
        try command.validate()
        let measure = try #require(command as? MeasureCommand)
        #expect(try measure.plan().engines.map(\.descriptor.id) == rows)
    }

    /// `--output`'s extension names the format whatever its case (a report named on a case-insensitive volume).
    @Test("the report's format follows --output's extension, in any case", arguments: [
        ("report.csv", ReportFormat.csv), ("REPORT.CSV", .csv), ("report.Json", .json), ("report.txt", .table),
        ("report", .table),
    ])
    func formatFromExtension(name: String, format: ReportFormat) throws {
        let command = try MeasureCommand.parse(["--output", name])
        #expect(command.format == format)
    }

    @Test("all inside a list is refused with what to write instead", arguments: ["all,all", "sink,all"])
    func allInAList(list: String) throws {
        try expectRefused(["--engine", list], saying: ["--engine all stands alone"])
    }

    @Test("sizes outside their bounds are refused with both bounds named",
          arguments: ["0", "100000001", "99999999999999999999", "-5", "ten"])
    func sizeBounds(size: String) throws {
        try expectRefused(["--size", size], saying: ["--size must be a whole number from 1 to 100000000, got '\(size)'"])
    }

    @Test("a time limit outside its bounds is refused with both bounds named", arguments: ["0", "86401", "-1", "2m"])
    func timeLimitBounds(limit: String) throws {
        try expectRefused(
            ["--isolation", "process", "--time-limit", limit],
            saying: ["--time-limit must be a whole number from 1 to 86400, got '\(limit)'"])
    }

    @Test("a time limit needs --isolation process: a measurement in this process cannot be stopped")
    func timeLimitNeedsIsolation() throws {
        try expectRefused(
            ["--time-limit", "60"],
            saying: ["--time-limit stops a row x workload measured in a process of its own", "add --isolation process"])
        #expect(validationMessage(["--isolation", "process", "--time-limit", "60"]) == nil)
    }

    @Test("the largest size and repetition count are accepted")
    func largestAccepted() {
        #expect(validationMessage(["--size", "100000000"]) == nil)
        #expect(validationMessage(["--repetitions", "1000", "--warmup", "0"]) == nil)
        #expect(validationMessage(["--repetitions", "1001"])?.contains("from 1 to 1000") == true)
    }

    @Test("options --instructions would ignore are refused, each named",
          arguments: [["--size", "50"], ["--repetitions", "3"], ["--warmup", "1"], ["--profile", "quick"],
                      ["--allocator", "jemalloc"], ["--isolation", "process"], ["--time-limit", "60"]])
    func instructionsIgnores(option: [String]) throws {
        try expectRefused(["--instructions"] + option, saying: ["\(option[0]) does not apply"])
    }
}

extension EndToEndTests {
    /// Runs the built rxbench and returns its exit status and stderr.
    func runBinary(_ arguments: [String]) throws -> (status: Int32, stderr: String) {
        let stderr = Pipe()
        let process = try Self.launch(arguments, stdout: Pipe(), stderr: stderr)
        let text = stderr.readAll()
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    @Test("a run that would measure nothing exits non-zero with one line and writes no file")
    func nothingToMeasure() throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("rxbench-\(UUID().uuidString).csv")
        let (status, text) = try runBinary(
            ["--workload", "contention", "--profile", "quick", "--format", "csv", "--output", output.path])
        #expect(status != 0)
        #expect(text.split(separator: "\n").count == 1, "\(text)")
        #expect(text.contains("nothing to measure"))
        #expect(!FileManager.default.fileExists(atPath: output.path))
        let declined = try runBinary(["--engine", "baseline", "--workload", "FlatMapsPumping", "--no-floor"])
        #expect(declined.status != 0 && declined.stderr.contains("no selected row can run"), "\(declined.stderr)")
    }

    @Test("--output with a .csv or .json name and no --format writes that format", arguments: ["csv", "json"])
    func formatFromExtension(ext: String) throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("rxbench-\(UUID().uuidString).\(ext)")
        defer { try? FileManager.default.removeItem(at: output) }
        let (status, text) = try runBinary(
            ["--engine", "baseline", "--workload", "SingleCreating", "--profile", "quick", "--size", "100",
             "--repetitions", "1", "--warmup", "0", "--output", output.path])
        #expect(status == 0, "\(text)")
        let written = try String(contentsOf: output, encoding: .utf8)
        #expect(ext == "csv" ? written.hasPrefix("schema,") : written.hasPrefix("{") || written.hasPrefix("["))
    }
}

/// The edges a new user found in the second round (issue: the edges, round two): each was accepted, measured
/// twice, cut, or refused only after measuring.
@Suite("CLI argument edges, round two", .timeLimit(.minutes(5)))
struct EdgeArgumentRoundTwoTests {
    @Test("--instructions with nothing it can count is refused before any child starts",
          arguments: [["--engine", "baseline", "--workload", "FlatMapsPumping", "--no-floor"],
                      ["--workload", "DisposeLatency[depth=1,siblings=0]"],
                      ["--workload", "ObserveOnSerialQueue"]])
    func instructionsNothingToCount(selection: [String]) throws {
        let text = try #require(validationMessage(["--instructions"] + selection))
        #expect(text.hasPrefix("nothing to count"), "\(text)")
    }

    @Test("list refuses the options that apply only to a measurement",
          arguments: [["--size", "5"], ["--allocator", "jemalloc"], ["--profile", "quick"], ["--repetitions", "2"],
                      ["--isolation", "process"], ["--instructions"], ["--time-limit", "60"], ["--output", "x.csv"],
                      ["--workload", "seed"]])
    func listIgnoresNothing(option: [String]) throws {
        try expectRefused(["list"] + option, saying: ["Unknown option '\(option[0])'"])
    }

    /// Options given before a command's name were the default command's: `rxbench --no-floor conformance --engine
    /// sink --strict` checked all rows and said only "failed".
    @Test("a measuring option before another command's name is refused, naming the command")
    func optionBeforeCommand() throws {
        try expectRefused(["--no-floor", "conformance", "--engine", "sink"], saying: ["Unexpected argument 'conformance'"])
        // With conformance's own flag after it, ArgumentParser names that flag first: refused all the same.
        try expectRefused(["--no-floor", "conformance", "--engine", "sink", "--strict"], saying: ["Unknown option '--strict'"])
    }

    @Test("a newline or control character in an id is shown escaped, in one line")
    func controlCharactersShown() throws {
        let workload = try #require(validationMessage(["--workload", "Map\nFilter"]))
        #expect(workload.contains("unknown workload 'Map\\nFilter'") && !workload.contains("\n"), "\(workload)")
        try expectRefused(["--engine", "si\u{7}nk"], saying: ["unknown engine 'si\\u{7}nk'"])
    }

    @Test("an --output name longer than the file system takes is refused before measuring")
    func outputNameTooLong() throws {
        let name = String(repeating: "r", count: 252) + ".csv"  // 256 bytes; ext4 and tmpfs take 255
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(name).path
        try expectRefused(["--output", path], saying: ["the file name is 256 bytes long"])
        let longest = String(repeating: "r", count: 251) + ".csv"  // 255 bytes: taken
        #expect(
            validationMessage(["--output", FileManager.default.temporaryDirectory.appendingPathComponent(longest).path]) == nil)
    }

    @Test("a run records -dirty beside the commit when a tracked file differs from it")
    func dirtyCheckout() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rxbench-dirty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(RunContextProbe.command("git", "-C", directory.path, "init", "-q") != nil, "git is needed for this test")
        let file = directory.appendingPathComponent("tracked.txt")
        try "one\n".write(to: file, atomically: true, encoding: .utf8)
        #expect(RunContextProbe.command("git", "-C", directory.path, "add", "tracked.txt") != nil)
        #expect(RunContextProbe.command(
            "git", "-C", directory.path, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "one") != nil)
        let clean = try #require(RunContextProbe.commitOfCheckout(directory.path))
        #expect(clean.count == 12 && !clean.hasSuffix("-dirty"), "\(clean)")
        try "untracked\n".write(to: directory.appendingPathComponent("new.txt"), atomically: true, encoding: .utf8)
        #expect(RunContextProbe.commitOfCheckout(directory.path) == clean, "an untracked file is not a change of the commit")
        try "two\n".write(to: file, atomically: true, encoding: .utf8)
        #expect(RunContextProbe.commitOfCheckout(directory.path) == clean + "-dirty")
    }

    @Test("a run records -stale beside the commit when a Swift source is newer than the binary")
    func staleBinary() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rxbench-stale-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("Sources"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("Tests"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(RunContextProbe.command("git", "-C", directory.path, "init", "-q") != nil, "git is needed for this test")
        let source = directory.appendingPathComponent("Sources/Engine.swift")
        let test = directory.appendingPathComponent("Tests/EngineTests.swift")
        let readme = directory.appendingPathComponent("README.md")
        for file in [source, test, readme] { try "// one\n".write(to: file, atomically: true, encoding: .utf8) }
        #expect(RunContextProbe.command("git", "-C", directory.path, "add", ".") != nil)
        #expect(RunContextProbe.command(
            "git", "-C", directory.path, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "one") != nil)
        let head = try #require(RunContextProbe.commitOfCheckout(directory.path))
        let built = Date()
        func modify(_ file: URL, secondsAfterBuild seconds: TimeInterval) throws {
            try FileManager.default.setAttributes(
                [.modificationDate: built.addingTimeInterval(seconds)], ofItemAtPath: file.path)
        }
        for file in [source, test, readme] { try modify(file, secondsAfterBuild: -60) }
        #expect(RunContextProbe.commitOfCheckout(directory.path, binaryBuilt: built) == head)
        try modify(readme, secondsAfterBuild: 60)
        try modify(test, secondsAfterBuild: 60)
        #expect(RunContextProbe.commitOfCheckout(directory.path, binaryBuilt: built) == head,
                "a document or a test file is not in the binary")
        try modify(source, secondsAfterBuild: 60)
        #expect(RunContextProbe.commitOfCheckout(directory.path, binaryBuilt: built) == head + "-stale")
        try "// two\n".write(to: source, atomically: true, encoding: .utf8)
        #expect(RunContextProbe.commitOfCheckout(directory.path, binaryBuilt: built) == head + "-dirty-stale")
    }
}

extension EndToEndTests {
    @Test("a group and one of its members select that workload once")
    func overlappingSelectors() throws {
        let rows = try Self.csvRows(
            ["--engine", "baseline", "--no-floor", "--workload", "rxswift,PublishSubjectPumping", "--profile", "quick",
             "--size", "10", "--repetitions", "1", "--warmup", "0"])
        let measured = rows.filter { $0["workload"] == "PublishSubjectPumping" && $0["metric"] == "ns_per_event" }
        #expect(measured.count == 1, "\(measured.count) rows")
    }

    @Test("help for a command that does not exist is an error, not the root's help")
    func helpForNoSuchCommand() throws {
        let (status, text) = try runBinary(["help", "nosuch"])
        #expect(status != 0)
        #expect(text.split(separator: "\n").count == 1 && text.contains("help: no command 'nosuch'"), "\(text)")
        #expect(try runBinary(["help", "conformance"]).status == 0)
    }

    @Test("a closed stdout ends the run with exit 1 and one line, not a silent SIGPIPE")
    func closedStandardOutput() throws {
        let stdout = Pipe()
        try stdout.fileHandleForReading.close()  // the reader has gone before the first byte
        let stderr = Pipe()
        let process = try Self.launch(["list"], stdout: stdout, stderr: stderr)
        try stdout.fileHandleForWriting.close()
        let text = stderr.readAll()
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 1,
                "\(process.terminationReason) \(process.terminationStatus)")
        #expect(text.contains("cannot write the report to standard output"), "\(text)")
    }
}
