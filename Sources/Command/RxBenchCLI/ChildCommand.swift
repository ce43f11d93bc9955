import ArgumentParser
import EngineRegistry
import Foundation
import Measurement
import RxBenchResults
import Workloads

/// `rxbench child`: what a parent rxbench starts, never a user. Hidden from help.
struct ChildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "child",
        abstract: "Internal: the child processes of --isolation process and --instructions.",
        shouldDisplay: false,
        subcommands: [Cell.self, Probe.self])

    /// `--isolation process` (and a workload that runs in a process of its own): one row x workload measured
    /// here, as the parent's plan decided it, its rows (or why it could not run) printed as JSON on stdout.
    struct Cell: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "cell", shouldDisplay: false)

        @Option var engine: String
        @Option var workload: String
        @Option var profile: Profile
        @Option var size: Int
        @Option var repetitions: Int
        @Option var warmup: Int

        func run() throws {
            ParentWatch.start()
            StackOverflowReport.install()
            StackOverflowReport.faultIfTestAsks()
            let row = try RowSelection.engines(named: engine)[0]
            let chosen = try WorkloadSelection.workloads(named: workload)[0]
            let options = profile.options(repetitions: repetitions, warmup: warmup)
            let result: Isolation.ChildResult
            do {
                result = Isolation.ChildResult(rows: try row.measure(chosen, size: size, options: options), unsupported: [])
            } catch let HarnessError.unsupported(reason) {
                result = Isolation.ChildResult(rows: [], unsupported: [UnsupportedWorkload(row.descriptor, chosen, reason)])
            } catch {
                // The parent shows this line as the child's failure.
                throw RunFailure("1 measurement(s) failed; no report written. First: \(error)")
            }
            try Isolation.emit(result)
        }
    }

    /// `--instructions`: under callgrind, each given workload once at n and once at 2n (the sizes of
    /// `RunPlan.instructions`), one measured region each, announced on stdout in order.
    struct Probe: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "probe", shouldDisplay: false)

        @Option var engine: String
        @Option var workload: String

        func run() throws {
            // No `ParentWatch` here: a thread of its own would run inside callgrind's count; an orphaned probe
            // ends by itself, its sizes are small.
            let row = try RowSelection.engines(named: engine)[0]
            for chosen in try WorkloadSelection.workloads(named: workload) {
                let size = RunPlan.instructions.size(for: chosen)
                for runSize in [size, 2 * size] {
                    try row.runInMeasuredRegion(chosen, size: runSize)
                    print("region \(chosen.id) \(runSize)")
                }
            }
        }
    }
}

/// A child ends with its parent. A parent killed by SIGKILL cannot stop its children (they run in process groups
/// of their own), and a child left running measures what nobody reads while it takes a core from every later
/// measurement on the machine. Once a second, outside every measured region and allocating nothing, a thread
/// compares the parent with the one the child started under; a child whose parent is gone exits.
enum ParentWatch {
    static let orphanedExitStatus: Int32 = 70

    static func start() {
        let parent = getppid()
        Thread.detachNewThread {
            while true {
                sleep(1)
                if getppid() != parent { _exit(orphanedExitStatus) }
            }
        }
    }
}
