import Foundation
import Testing

/// A row that overflows its stack in a child process is a finding in the report, not a failed run; any other
/// fault of a child still fails it (Sources/Command/RxBenchCLI/StackOverflowReport.swift). No row of the catalogue
/// overflows an 8 MiB stack, so the child is told to fault through RXBENCH_TEST_CHILD_FAULT.
@Suite("a child's stack overflow", .timeLimit(.minutes(5)))
struct StackOverflowReportTests {
    /// rxbench with one child process (`--isolation process`), the child told to fault as `fault` says.
    func run(fault: String) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = EndToEndTests.binary
        process.arguments = [
            "--engine", "sink", "--no-floor", "--workload", "SingleCreating", "--isolation", "process",
            "--profile", "quick", "--size", "10", "--repetitions", "1", "--warmup", "0", "--format", "csv",
        ]
        var environment = ProcessInfo.processInfo.environment
        environment["RXBENCH_TEST_CHILD_FAULT"] = fault
        // The child's own backtrace after the second case is not what is checked, and would take seconds.
        environment["SWIFT_BACKTRACE"] = "enable=no"
        process.environment = environment
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        let output = stdout.readAll()
        let messages = stderr.readAll()
        process.waitUntilExit()
        return (process.terminationStatus, output, messages)
    }

    @Test("an overflow of the child's stack is an unsupported record that says so, and the run succeeds")
    func overflowIsAFinding() throws {
        let (status, output, messages) = try run(fault: "stack")
        #expect(status == 0, "\(messages)")
        let records = output.split(separator: "\n").filter { $0.contains(",unsupported,") }
        #expect(records.count == 1, "\(output)")
        #expect(records.first?.contains("overflowed the stack (the main thread's") == true, "\(output)")
        #expect(!output.contains("ns_per_lifecycle"), "no figure for a row that did not run")
        #expect(messages.contains("sink overflowed the stack"), "\(messages)")
    }

    @Test("any other fault of the child fails the run, naming the signal, and writes no report")
    func otherFaultFails() throws {
        let (status, output, messages) = try run(fault: "null")
        #expect(status == 1, "\(messages)")
        #expect(output.isEmpty, "\(output)")
        #expect(messages.contains("SIGSEGV") || messages.contains("signal 11"), "\(messages)")
        #expect(!messages.contains("overflowed the stack"), "\(messages)")
    }
}
