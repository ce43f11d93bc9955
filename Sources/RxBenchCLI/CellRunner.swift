import Measurement
import RxBenchCore
import RxBenchResults

/// Runs a timed plan's cells in order: each in this process, or in a child process of its own
/// (`Isolation.measureInChild`), as the plan decided.
struct CellRunner {
    let options: MeasureOptions
    let profile: Profile

    struct Measured {
        var rows: [ResultRow] = []
        var unsupported: [UnsupportedWorkload] = []
    }

    /// Every cell's rows, and the cells not run with why; a failed cell fails the run after the others ran
    /// (no report is written).
    func run(_ plan: MeasurementPlan) throws -> Measured {
        var measured = Measured()
        var failures: [String] = []
        for (index, cell) in plan.cells.enumerated() {
            let label = "[\(index + 1)/\(plan.cells.count)] \(cell.engine.descriptor.id) \(cell.workload.id)"
            switch cell.decision {
            case .outOfProfile:
                progress("\(label) skipped: not in --profile \(profile.rawValue) (too large, or a contention workload)")
            case .unsupported(let reason):
                progress("\(label)\n    skipped: \(reason)")
                measured.unsupported.append(UnsupportedWorkload(cell.engine.descriptor, cell.workload, reason))
            case .measure(let size, let isolated, let timeLimit):
                progress("\(label) size=\(size)")
                do {
                    if isolated {
                        let child = try Isolation.measureInChild(
                            engine: cell.engine.descriptor.id, workload: cell.workload.id, size: size,
                            options: options, profile: profile, timeLimit: timeLimit)
                        for skipped in child.unsupported {
                            progress("    skipped: \(UnsupportedFlow(engine: skipped.engine, operation: skipped.reason))")
                        }
                        measured.rows += child.rows
                        measured.unsupported += child.unsupported
                    } else {
                        measured.rows += try cell.engine.measure(cell.workload, size: size, options: options)
                    }
                } catch let HarnessError.unsupported(reason) {
                    // The plan asked the row at size 1; a row that declines only at the measured size says so here.
                    progress("    skipped: \(reason)")
                    measured.unsupported.append(UnsupportedWorkload(cell.engine.descriptor, cell.workload, reason))
                } catch let overflow as Isolation.StackOverflow {
                    let reason = UnsupportedFlow(engine: overflow.engine, operation: overflow.reason)
                    progress("    \(overflow.engine) \(overflow.reason)")
                    measured.unsupported.append(UnsupportedWorkload(cell.engine.descriptor, cell.workload, reason))
                } catch let limit as Isolation.TimeLimit {
                    let reason = UnsupportedFlow(engine: limit.engine, operation: limit.reason)
                    progress("    \(limit.engine) \(limit.reason)")
                    measured.unsupported.append(UnsupportedWorkload(cell.engine.descriptor, cell.workload, reason))
                } catch {
                    progress("    FAILED: \(error)")
                    failures.append("\(error)")
                }
            }
        }
        guard failures.isEmpty else {
            throw RunFailure("\(failures.count) measurement(s) failed; no report written. First: \(failures[0])")
        }
        return measured
    }
}
