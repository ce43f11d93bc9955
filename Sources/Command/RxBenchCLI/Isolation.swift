import ArgumentParser
import Foundation
import Measurement
import RxBenchCore
import RxBenchResults
import Synchronization

/// `--isolation process`: every engine x workload in a fresh process, so that one measurement's heap,
/// caches, lazily made metadata and worker threads cannot move the next one's figures (JMH forks a JVM per
/// benchmark for the same reason). The child is this executable with the same options, one engine and
/// one workload, and prints its rows (or why it could not run the workload) as JSON on stdout; the parent
/// merges them. docs/decisions/measurement-validity.md shows what isolation changes.
enum Isolation: String, CaseIterable, ExpressibleByArgument {
    case none, process

    struct ChildFailure: Error, CustomStringConvertible {
        let description: String
    }

    /// The child did not finish within the time limit of a workload that runs in a process of its own (a row
    /// whose cost grows with the square of the inputs): the report records it as a finding.
    struct TimeLimit: Error {
        let engine: String
        let workload: String
        let seconds: Int

        var reason: String { "did not finish within \(seconds) s in a process of its own: a finding, not a figure" }
    }

    /// The child overflowed its main thread's stack (`StackOverflowReport`): the row cannot run the workload
    /// here, which the report records as a finding.
    struct StackOverflow: Error {
        let engine: String
        let workload: String

        var reason: String {
            var limit = rlimit()
            getrlimit(Int32(RLIMIT_STACK.rawValue), &limit)
            let stack = limit.rlim_cur == rlim_t.max ? "unlimited" : "\(limit.rlim_cur >> 20) MiB"
            return "overflowed the stack (the main thread's, \(stack)) in a process of its own: a finding, not a figure"
        }
    }

    /// What a child prints: its figures, or why its row could not run the workload (the parent writes the
    /// reason into the report, as it does for the workloads it measures itself).
    struct ChildResult: Codable {
        let rows: [ResultRow]
        let unsupported: [UnsupportedWorkload]
    }

    /// The open files a run with child processes needs: the parent's pipes to each child and the runtime's own
    /// descriptors in both. Below it, creating a child's pipe trapped in Foundation (SIGILL at a limit of 12)
    /// and children failed with "Bad file descriptor" at limits up to 240; at 256 they run.
    static let openFilesNeeded: rlim_t = 256

    /// Before anything is measured: raises the soft open-file limit to what child processes need where the
    /// hard limit allows it, else refuses the run with what to do.
    static func ensureOpenFileLimit(for purpose: String) throws {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < openFilesNeeded else { return }
        if limit.rlim_max >= openFilesNeeded {
            var raised = limit
            raised.rlim_cur = openFilesNeeded
            if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { return }
        }
        throw ValidationError(
            "\(purpose) runs child processes and needs \(openFilesNeeded) open files, but the limit is "
                + "\(limit.rlim_cur) (hard \(limit.rlim_max == rlim_t.max ? "unlimited" : String(limit.rlim_max))); "
                + "raise it (ulimit -n 1024) or run without child processes.")
    }

    static func measureInChild(
        engine: String, workload: String, size: Int, options: MeasureOptions, profile: Profile,
        timeLimit: Int? = nil
    ) throws -> ChildResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Callgrind.executablePath())
        process.arguments = [
            ChildCommand.configuration.commandName!, ChildCommand.Cell.configuration.commandName!,
            "--engine", engine, "--workload", workload, "--profile", profile.rawValue,
            "--size", String(size), "--repetitions", String(options.repetitions), "--warmup", String(options.warmupRuns),
        ]
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        let timedOut = Mutex(false)  // guards: whether the time limit killed the child
        let (data, messages) = try Interruption.run(process) {
            if let timeLimit {
                let pid = process.processIdentifier
                DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(timeLimit)) {
                    guard process.isRunning else { return }
                    timedOut.withLock { $0 = true }
                    kill(pid, SIGKILL)
                }
            }
            let data = stdout.fileHandleForReading.readDataToEndOfFile()
            let messages = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return (data, messages)
        }
        if let timeLimit, timedOut.withLock({ $0 }) {
            throw TimeLimit(engine: engine, workload: workload, seconds: timeLimit)
        }
        if process.terminationReason == .exit, process.terminationStatus == StackOverflowReport.exitStatus,
            messages.contains(StackOverflowReport.message)
        {
            throw StackOverflow(engine: engine, workload: workload)
        }
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            // A child killed by a signal did not fail a check: say how it ended, not what it printed last.
            let last = messages.split(separator: "\n").last.map(String.init)
            let said = process.terminationReason == .exit ? last.map { ": \($0)" } ?? "" : ""
            throw ChildFailure(
                description: "\(engine) on \(workload) in a child process: \(Interruption.ending(of: process))\(said)")
        }
        return try JSONDecoder().decode(ChildResult.self, from: data)
    }

    static func emit(_ result: ChildResult) throws {
        let data = try JSONEncoder().encode(result)
        if let reason = OutputStreams.writeAll(Array(data), to: STDOUT_FILENO) {
            throw RunFailure("cannot send the rows to the parent process: \(reason)")
        }
    }
}
