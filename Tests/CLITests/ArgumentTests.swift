import Foundation
import RxBenchCLI
import Testing

/// Bad input is refused before anything runs, with a message naming the valid choices, and leaves no file.
@Suite("CLI arguments")
struct ArgumentTests {
    func message(_ arguments: [String]) -> String? {
        do {
            var command = try RxBenchCommand.parseAsRoot(arguments)
            try command.validate()
            return nil
        } catch {
            return RxBenchCommand.message(for: error)
        }
    }

    @Test("an unknown engine names the valid ones")
    func unknownEngine() throws {
        let text = try #require(message(["--engine", "rxswift"]))
        #expect(text.contains("unknown engine 'rxswift'"))
        for id in ["sink", "signal", "subscriber", "subscriber-direct", "baseline", "all"] {
            #expect(text.contains(id))
        }
    }

    @Test("an unknown workload names the groups")
    func unknownWorkload() throws {
        let text = try #require(message(["--workload", "MapFilterPumpin"]))
        #expect(text.contains("unknown workload 'MapFilterPumpin'"))
        #expect(text.contains("rxswift"))
    }

    @Test("malformed sizes are refused", arguments: [["--size", "0"], ["--size", "ten"], ["--repetitions", "-1"]])
    func malformedSizes(arguments: [String]) {
        #expect(message(arguments) != nil)
    }

    @Test("an unknown format or profile is refused", arguments: [["--format", "xml"], ["--profile", "huge"]])
    func closedChoices(arguments: [String]) {
        #expect(message(arguments) != nil)
    }

    @Test("an output path in a missing directory is refused and nothing is written")
    func missingDirectory() throws {
        let path = "/tmp/rxbench-missing-\(UUID().uuidString)/report.csv"
        let text = try #require(message(["--engine", "baseline", "--output", path]))
        #expect(text.contains("does not exist"))
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test("valid selections parse")
    func valid() {
        #expect(message(["--engine", "sink,signal", "--workload", "seed,MapFilterPumping", "--format", "csv"]) == nil)
        #expect(message(["--workload", "DisposeLatency[depth=10,siblings=0]"]) == nil)
    }
}

@Suite("CLI end to end")
struct EndToEndTests {
    @Test("a bad argument exits non-zero with one line on stderr and no output file")
    func badArgumentProcess() throws {
        let binary = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(".build/debug/rxbench")
        try #require(FileManager.default.isExecutableFile(atPath: binary.path), "build rxbench first")
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("rxbench-\(UUID().uuidString).csv")
        let process = Process()
        process.executableURL = binary
        process.arguments = ["--engine", "nope", "--output", output.path]
        let stderr = Pipe()
        process.standardError = stderr
        process.standardOutput = Pipe()
        try process.run()
        process.waitUntilExit()
        let text = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus != 0)
        #expect(text.split(separator: "\n").count == 1)
        #expect(text.contains("unknown engine 'nope'"))
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }
}
