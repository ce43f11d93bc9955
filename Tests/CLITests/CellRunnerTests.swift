import EngineRegistry
import Measurement
import RxBenchCore
import RxBenchResults
@testable import RxBenchCLI
import Testing
import Workloads

/// The runner's floor re-measure (FloorCheck, measurement-validity.md): a row that reads below a workload's floor
/// has the floor measured again after the workload's rows, and the lower reading is kept with the other in its note.
@Suite("Cell runner: the floor measured again when a row reads below it")
struct CellRunnerTests {
    /// A script of readings: each cell's nanoseconds per event, taken in order for a row measured more than once.
    final class Script: @unchecked Sendable {
        var readings: [String: [Double]]
        var measured: [String] = []

        init(_ readings: [String: [Double]]) { self.readings = readings }

        func measure(_ cell: MeasurementPlan.Cell) -> CellRunner.Measured {
            let id = cell.engine.descriptor.id
            measured.append("\(id) \(cell.workload.id)")
            let median = readings[id]!.removeFirst()
            let row = ResultRow(
                engine: id, role: cell.engine.descriptor.role, workload: cell.workload.name, group: cell.workload.group,
                parameters: cell.workload.parameterText, metric: .nsPerEvent,
                summary: Summary([median, median, median]))
            return CellRunner.Measured(rows: [row], unsupported: [])
        }
    }

    private func plan(_ workloads: String) throws -> MeasurementPlan {
        let engines = try RowSelection.engines(named: "baseline,stage-loop")
        return try MeasurementPlan.timed(
            engines: engines, workloads: try WorkloadSelection.workloads(named: workloads), profile: Profile.quick.plan,
            sizeOverride: nil, isolated: false, timeLimit: nil, ownProcessTimeLimit: 60)
    }

    private func run(_ plan: MeasurementPlan, _ script: Script) throws -> [ResultRow] {
        var runner = CellRunner(options: Profile.quick.options(repetitions: nil, warmup: nil), profile: .quick)
        runner.measureInstead = { script.measure($0) }
        return FloorCheck.flag(try runner.run(plan).rows)
    }

    @Test("a row below the floor's first reading has the floor measured again; the lower reading stands, noted")
    func remeasured() throws {
        let script = Script(["baseline": [66, 25], "stage-loop": [33]])
        let rows = try run(try plan("CreateMapFilter"), script)
        #expect(script.measured == ["baseline CreateMapFilter", "stage-loop CreateMapFilter", "baseline CreateMapFilter"])
        let floor = try #require(rows.first { $0.engine == "baseline" })
        #expect(floor.summary?.median == 25)
        #expect(floor.note?.contains("first median 66.0") == true)
        #expect(rows.allSatisfy { $0.flag == nil })
    }

    @Test("a row still below the floor's second reading is flagged")
    func stillBelow() throws {
        let script = Script(["baseline": [66, 60], "stage-loop": [33]])
        let rows = try run(try plan("CreateMapFilter"), script)
        #expect(rows.first { $0.engine == "baseline" }?.summary?.median == 60)
        #expect(rows.first { $0.engine == "stage-loop" }?.flag == .belowFloor)
    }

    @Test("only the floor of the workload a row read below is measured again")
    func onlyTheChallengedWorkload() throws {
        let script = Script(["baseline": [10, 20, 15], "stage-loop": [30, 5]])
        let rows = try run(try plan("CreateMapFilter,MapFilterPumping"), script)
        // MapFilterPumping's floor (20) is beaten by stage-loop's 5: only that workload's floor is read again.
        #expect(script.measured == [
            "baseline CreateMapFilter", "stage-loop CreateMapFilter", "baseline MapFilterPumping",
            "stage-loop MapFilterPumping", "baseline MapFilterPumping",
        ])
        #expect(rows.first { $0.engine == "baseline" && $0.workload == "CreateMapFilter" }?.note == nil)
        #expect(rows.first { $0.engine == "baseline" && $0.workload == "MapFilterPumping" }?.summary?.median == 15)
        #expect(rows.first { $0.engine == "stage-loop" && $0.workload == "MapFilterPumping" }?.flag == .belowFloor)
    }
}
