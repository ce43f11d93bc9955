import Measurement
import RxBenchCore
import RxBenchResults

/// Runs a timed plan's cells in order: each in this process, or in a child process of its own
/// (`Isolation.measureInChild`), as the plan decided.
struct CellRunner {
    let options: MeasureOptions
    let profile: Profile
    /// Tests give a script of readings here in place of measuring (CellRunnerTests).
    var measureInstead: ((MeasurementPlan.Cell) throws -> Measured)? = nil

    struct Measured {
        var rows: [ResultRow] = []
        var unsupported: [UnsupportedWorkload] = []
    }

    /// Every cell's rows, and the cells not run with why; a failed cell fails the run after the others ran
    /// (no report is written). When a row of a workload reads below that workload's floor, the floor is measured
    /// again once the workload's cells are done, and the two readings settled (`FloorCheck.settle`).
    func run(_ plan: MeasurementPlan) throws -> Measured {
        var measured = Measured()
        var failures: [String] = []
        var workloadStart = 0  // where the current workload's rows begin in `measured.rows`
        var floorCell: MeasurementPlan.Cell?
        for (index, cell) in plan.cells.enumerated() {
            let label = "[\(index + 1)/\(plan.cells.count)] \(cell.engine.descriptor.id) \(cell.workload.id)"
            switch cell.decision {
            case .outOfProfile:
                progress("\(label) skipped: not in --profile \(profile.rawValue) (too large, or a contention workload)")
            case .unsupported(let reason):
                progress("\(label)\n    skipped: \(reason)")
                measured.unsupported.append(UnsupportedWorkload(cell.engine.descriptor, cell.workload, reason))
            case .measure:
                if cell.engine.descriptor.id == FloorCheck.floorID { floorCell = cell }
                progress(label + sizeText(cell))
                do {
                    try measure(cell, into: &measured)
                } catch {
                    progress("    FAILED: \(error)")
                    failures.append("\(error)")
                }
            }
            let lastOfWorkload = index + 1 == plan.cells.count || plan.cells[index + 1].workload.id != cell.workload.id
            guard lastOfWorkload else { continue }
            if let floor = floorCell, failures.isEmpty {
                do {
                    try remeasureIfChallenged(floor, rows: &measured.rows, from: workloadStart)
                } catch {
                    progress("    FAILED: \(error)")
                    failures.append("\(error)")
                }
            }
            workloadStart = measured.rows.count
            floorCell = nil
        }
        guard failures.isEmpty else {
            throw RunFailure("\(failures.count) measurement(s) failed; no report written. First: \(failures[0])")
        }
        return measured
    }

    /// Measures the floor of the workload whose rows start at `start` again when one of those rows read below it,
    /// and puts the settled floor rows in place of the first ones.
    private func remeasureIfChallenged(_ floor: MeasurementPlan.Cell, rows: inout [ResultRow], from start: Int) throws {
        let workloadRows = Array(rows[start...])
        let challengers = FloorCheck.challengers(workloadRows)
        guard !challengers.isEmpty else { return }
        let names = Array(Set(challengers.map(\.engine))).sorted().joined(separator: ", ")
        progress("    \(names) read below the floor on \(floor.workload.id): the floor again" + sizeText(floor))
        var again = Measured()
        try measure(floor, into: &again)
        let isFloor = { (row: ResultRow) in row.engine == FloorCheck.floorID }
        let settled = FloorCheck.settle(
            first: workloadRows.filter(isFloor), second: again.rows.filter(isFloor), challengers: challengers)
        var next = settled.makeIterator()
        for index in rows.indices[start...] where isFloor(rows[index]) {
            if let row = next.next() { rows[index] = row }
        }
    }

    private func sizeText(_ cell: MeasurementPlan.Cell) -> String {
        if case .measure(let size, _, _) = cell.decision { " size=\(size)" } else { "" }
    }

    /// One cell's rows appended to `measured`; a cell the row declines, overflows or outlasts its limit in is
    /// recorded as not run, with why. Any other failure is thrown.
    private func measure(_ cell: MeasurementPlan.Cell, into measured: inout Measured) throws {
        if let measureInstead {
            let scripted = try measureInstead(cell)
            measured.rows += scripted.rows
            measured.unsupported += scripted.unsupported
            return
        }
        guard case .measure(let size, let isolated, let timeLimit) = cell.decision else { return }
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
        }
    }
}
