import RxBenchCore
import RxBenchResults
import Testing

@Suite("The floor rule")
struct FloorCheckTests {
    private func row(_ engine: String, _ role: EngineDescriptor.Role, _ samples: [Double], metric: Metric = .nsPerEvent)
        -> ResultRow
    {
        ResultRow(
            engine: engine, role: role, workload: "W", group: "g", parameters: "", metric: metric,
            summary: Summary(samples))
    }

    private func flags(_ rows: [ResultRow]) -> [String: ResultFlag?] {
        Dictionary(uniqueKeysWithValues: FloorCheck.flag(rows).map { ($0.engine, $0.flag) })
    }

    @Test("a row faster than the floor beyond both spreads is flagged; one within the spread is not")
    func beyondTheSpread() {
        let floor = row("baseline", .reference, [10, 10.1, 9.9, 10, 10])
        let flags = flags([
            floor,
            row("fast", .engine, [8, 8.1, 7.9, 8, 8]),  // 8 + 3 x 0.0 < 10 - 3 x 0.0
            row("tie", .variant, [9.9, 10.2, 9.6, 9.9, 10.0]),  // median 9.9, MAD 0.1: 9.9 + 0.3 is not below 10
            row("noisy", .library, [8, 12, 4, 8, 10]),  // median 8, MAD 2: 8 + 6 is not below 10
            row("slow", .engine, [20, 20, 20, 20, 20]),
        ])
        #expect(flags["fast"] == .some(.belowFloor))
        #expect(flags["tie"] == .some(nil))
        #expect(flags["noisy"] == .some(nil))
        #expect(flags["slow"] == .some(nil))
        #expect(flags["baseline"] == .some(nil))
    }

    /// The rule is strict: a row whose spread's edge meets the floor's exactly is not below it (the mutation
    /// check's results-floor-tie-flagged: `<=` for `<` passed every other test, whose ties were not exact).
    @Test("a row whose spread meets the floor's exactly is not flagged")
    func exactTie() {
        let floor = row("baseline", .reference, [9, 10, 11, 9, 11])  // median 10, MAD 1: its edge at 7
        let flags = flags([
            floor,
            row("edge", .engine, [3, 4, 5, 3, 5]),  // median 4, MAD 1: 4 + 3 = 7, not below 10 - 3
            row("past", .engine, [2.5, 3.5, 4.5, 2.5, 4.5]),  // 3.5 + 3 = 6.5: below 7
        ])
        #expect(flags["edge"] == .some(nil))
        #expect(flags["past"] == .some(.belowFloor))
    }

    @Test("only wall times of the same workload are compared, and every row but the floor is checked, reference rows too")
    func scope() {
        let flags = FloorCheck.flag([
            row("baseline", .reference, [10, 10, 10]),
            row("stage-loop", .reference, [5, 5, 5]),
            row("sink", .engine, [1, 1, 1], metric: .mallocsPerEvent),
            ResultRow(
                engine: "signal", role: .engine, workload: "Other", group: "g", parameters: "", metric: .nsPerEvent,
                summary: Summary([1, 1, 1])),
        ]).map(\.flag)
        #expect(flags == [nil, .belowFloor, nil, nil])
    }

    @Test("the challengers are the rows the flag would mark, and only they")
    func challengers() {
        let rows = [
            row("baseline", .reference, [10, 10, 10]),
            row("stage-loop", .reference, [5, 5, 5]),
            row("sink", .engine, [9.9, 10, 10.1]),
            row("signal", .engine, [1, 1, 1], metric: .mallocsPerEvent),
        ]
        #expect(FloorCheck.challengers(rows).map(\.engine) == ["stage-loop"])
        #expect(FloorCheck.challengers(Array(rows.dropFirst())).isEmpty)  // no floor, nothing to beat
    }

    @Test("a floor measured twice keeps the lower median of each wall time, notes the other, and keeps its counts")
    func settle() {
        let first = [row("baseline", .reference, [66, 66, 67]), row("baseline", .reference, [2, 2, 2], metric: .mallocsPerEvent)]
        let second = [row("baseline", .reference, [25, 26, 25]), row("baseline", .reference, [3, 3, 3], metric: .mallocsPerEvent)]
        let challenger = row("stage-loop", .reference, [33, 33, 33])
        let settled = FloorCheck.settle(first: first, second: second, challengers: [challenger])
        #expect(settled.count == 2)
        #expect(settled[0].summary?.median == 25)
        #expect(settled[0].note?.contains("stage-loop read below the first") == true)
        #expect(settled[0].note?.contains("first median 66.0") == true)
        #expect(settled[0].note?.contains("second 25.0") == true)
        #expect(settled[1].summary?.median == 2)  // exact counts: the first reading's, no note
        #expect(settled[1].note == nil)
        // A second reading that is slower leaves the first in place, noted all the same.
        let kept = FloorCheck.settle(first: second, second: first, challengers: [challenger])
        #expect(kept[0].summary?.median == 25)
        #expect(kept[0].note?.contains("first median 25.0") == true)
        // With the challenger no longer below the settled floor, nothing is flagged.
        #expect(FloorCheck.flag(settled + [challenger]).allSatisfy { $0.flag == nil })
    }
}
