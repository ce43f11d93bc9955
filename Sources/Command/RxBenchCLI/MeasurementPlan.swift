import ArgumentParser
import EngineRegistry
import Measurement
import RxBenchCore
import RxBenchResults
import Workloads

/// What a measuring run will do, decided once, before anything is measured: the rows (the floor first), the
/// workloads, and for each row x workload whether it is measured, at what size and where, or why not. The
/// executors (this process, a child process per cell, callgrind's child per row) read it and decide nothing
/// again.
struct MeasurementPlan {
    /// One row x workload.
    struct Cell {
        let engine: RegisteredEngine
        let workload: Workload
        let decision: Decision
    }

    enum Decision {
        /// Measured at `size`: in a child process of its own when `isolated`, stopped after `timeLimit` seconds
        /// when one is set.
        case measure(size: Int, isolated: Bool, timeLimit: Int?)
        /// Not in the plan's profile: too large for quick, a contention workload, or (instructions) a latency
        /// workload, a delivery on another thread or a fan-out too wide to count.
        case outOfProfile
        /// The row cannot run it; the report says why.
        case unsupported(UnsupportedFlow)
    }

    let engines: [RegisteredEngine]
    let workloads: [Workload]
    /// Workload by workload, the rows in `engines` order within each: each row is measured minutes, not an hour,
    /// from the floor it is compared with, so a change in the machine's load moves both
    /// (docs/decisions/measurement-validity.md).
    let cells: [Cell]

    /// The timed plan: `profile`'s workloads at its sizes (`sizeOverride` for every scalable workload, and then
    /// every workload is in), each in this process unless `isolated` or the workload runs in a process of its
    /// own (it may overflow a row's stack), which also sets `ownProcessTimeLimit` unless `timeLimit` is given.
    static func timed(
        engines: [RegisteredEngine], workloads: [Workload], profile: RunPlan, sizeOverride: Int?, isolated: Bool,
        timeLimit: Int?, ownProcessTimeLimit: Int
    ) throws -> MeasurementPlan {
        let cells = workloads.flatMap { workload in
            let mayOverflow = workload.make(1).ownProcess != nil
            let inPlan = sizeOverride != nil || profile.includes(workload)
            // A workload whose size is its parameter (EventSweep[events=n]) keeps it: its id names the size.
            let size = workload.scalable ? sizeOverride ?? profile.size(for: workload) : profile.size(for: workload)
            return engines.map { engine in
                guard inPlan else { return Cell(engine: engine, workload: workload, decision: .outOfProfile) }
                if let reason = engine.unsupported(workload) {
                    return Cell(engine: engine, workload: workload, decision: .unsupported(reason))
                }
                return Cell(
                    engine: engine, workload: workload,
                    decision: .measure(
                        size: size, isolated: isolated || mayOverflow,
                        timeLimit: timeLimit ?? (mayOverflow ? ownProcessTimeLimit : nil)))
            }
        }
        return try checked(
            MeasurementPlan(engines: engines, workloads: workloads, cells: cells),
            noneInProfile: "nothing to measure: every selected workload is left out of --profile \(profile.rawValue) "
                + "(too large, or a contention workload); choose --profile standard or give --size.",
            noneRunnable: "nothing to measure")
    }

    /// The instruction plan: the workloads callgrind can count exactly (`RunPlan.instructions`), at its sizes,
    /// once per row. A row whose stream is delivered on other threads gets no figure: the order in which
    /// valgrind runs threads moves the counts.
    static func instructions(engines: [RegisteredEngine], workloads: [Workload]) throws -> MeasurementPlan {
        let cells = workloads.flatMap { workload in
            engines.map { engine in
                guard RunPlan.instructions.includes(workload) else {
                    return Cell(engine: engine, workload: workload, decision: .outOfProfile)
                }
                if let reason = engine.unsupported(workload) {
                    return Cell(engine: engine, workload: workload, decision: .unsupported(reason))
                }
                if engine.deliversAsynchronously(workload) {
                    let reason = UnsupportedFlow(engine: engine.descriptor.id, operation: asynchronousInstructionsReason)
                    return Cell(engine: engine, workload: workload, decision: .unsupported(reason))
                }
                return Cell(
                    engine: engine, workload: workload,
                    decision: .measure(size: RunPlan.instructions.size(for: workload), isolated: true, timeLimit: nil))
            }
        }
        return try checked(
            MeasurementPlan(engines: engines, workloads: workloads, cells: cells),
            noneInProfile: "nothing to count: --instructions counts pumping and creating workloads delivered on one "
                + "thread, and every selected workload is latency, delivered on another thread, or too wide (docs/metrics.md).",
            noneRunnable: "nothing to count")
    }

    /// `plan`, or the refusal of a plan that would measure nothing: no workload in its profile (`noneInProfile`),
    /// or no row able to run one (`noneRunnable` and why).
    private static func checked(_ plan: MeasurementPlan, noneInProfile: String, noneRunnable: String) throws
        -> MeasurementPlan
    {
        guard plan.cells.contains(where: { if case .outOfProfile = $0.decision { false } else { true } }) else {
            throw ValidationError(noneInProfile)
        }
        guard plan.cells.contains(where: { if case .measure = $0.decision { true } else { false } }) else {
            throw ValidationError("\(noneRunnable): no selected row can run a selected workload (rxbench list says why).")
        }
        return plan
    }

    /// The cells that are measured, in plan order.
    var measured: [Cell] {
        cells.filter { if case .measure = $0.decision { true } else { false } }
    }

    /// The cells the report lists as not run by their row, with the reason.
    var unsupported: [UnsupportedWorkload] {
        cells.compactMap { cell in
            guard case .unsupported(let reason) = cell.decision else { return nil }
            return UnsupportedWorkload(cell.engine.descriptor, cell.workload, reason)
        }
    }

    /// Whether any cell runs in a child process (the open-file limit is checked before it starts).
    var startsChildProcesses: Bool {
        cells.contains { if case .measure(_, true, _) = $0.decision { true } else { false } }
    }
}
