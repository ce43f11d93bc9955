import Foundation
import RxBenchCLI
import Testing

/// The edges of the arguments: repeated rows, `all` in a list, bounds named in the message, options that do
/// not apply to `--instructions`, a run that would measure nothing, the format an output file's name implies.
@Suite("CLI argument edges", .timeLimit(.minutes(5)))
struct EdgeArgumentTests {
    func message(_ arguments: [String]) -> String? { validationMessage(arguments) }

    @Test("a row named twice is refused, not measured twice")
    func repeatedRow() throws {
        let text = try #require(message(["--engine", "sink,signal,sink"]))
        #expect(text.contains("--engine names 'sink' twice"))
    }

    @Test("all inside a list is refused with what to write instead", arguments: ["all,all", "sink,all"])
    func allInAList(list: String) throws {
        let text = try #require(message(["--engine", list]))
        #expect(text.contains("--engine all stands alone"))
    }

    @Test("sizes outside their bounds are refused with both bounds named",
          arguments: ["0", "100000001", "99999999999999999999", "-5", "ten"])
    func sizeBounds(size: String) throws {
        let text = try #require(message(["--size", size]))
        #expect(text.contains("--size must be a whole number from 1 to 100000000, got '\(size)'"))
    }

    @Test("the largest size and repetition count are accepted")
    func largestAccepted() {
        #expect(message(["--size", "100000000"]) == nil)
        #expect(message(["--repetitions", "1000", "--warmup", "0"]) == nil)
        #expect(message(["--repetitions", "1001"])?.contains("from 1 to 1000") == true)
    }

    @Test("options --instructions would ignore are refused, each named",
          arguments: [["--size", "50"], ["--repetitions", "3"], ["--warmup", "1"], ["--profile", "quick"],
                      ["--allocator", "jemalloc"], ["--isolation", "process"]])
    func instructionsIgnores(option: [String]) throws {
        let text = try #require(message(["--instructions"] + option))
        #expect(text.contains("\(option[0]) does not apply"), "\(text)")
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
