import RxBenchCore
/// The floor rule (ARCHITECTURE.md, "The floor"; docs/decisions/measurement-validity.md): `baseline` is the
/// cheapest honest plain Swift for every flow it expresses, so no other row may beat it, reference rows
/// included. A row beats it "beyond the spread" when even its median plus three MADs is below the floor's median
/// minus three MADs; such a row is flagged `below-floor`, shown on stderr and in the report, and CI's gate
/// fails when every timed process of a run flags it. Within the spread, a tie is no evidence either way.
///
/// A floor's repetitions run back to back, so a slow phase of the machine or of the process that lasts as
/// long as they do (its start, a neighbour's burst) moves all of them, and their MAD cannot tell it from the
/// floor's cost (measurement-validity.md, "Why the floor read slower than stage-loop"). So a run measures the
/// floor of a workload again after that workload's rows whenever one of them read below it (`challengers`),
/// and `settle` keeps the lower of the two readings, with the other in its note.
public enum FloorCheck {
    /// The engine id of the floor row.
    public static let floorID = "baseline"
    /// How many MADs of each side separate a real difference from noise.
    public static let madMultiple = 3.0

    /// `rows` with every wall-time row that beats the floor beyond the spread flagged.
    public static func flag(_ rows: [ResultRow]) -> [ResultRow] {
        let floors = floorSummaries(rows)
        return rows.map { row in
            guard beatsFloor(row, floors) else { return row }
            var flagged = row
            flagged.flag = .belowFloor
            return flagged
        }
    }

    /// The rows of `rows` that beat the floor beyond the spread: before they are flagged, the floor they beat is
    /// worth measuring again.
    public static func challengers(_ rows: [ResultRow]) -> [ResultRow] {
        let floors = floorSummaries(rows)
        return rows.filter { beatsFloor($0, floors) }
    }

    /// The floor's rows of one workload measured twice, `first` and then `second` after `challengers` read
    /// below `first`: for each wall time, the reading with the lower median, its note giving the other; the
    /// other metrics (exact counts) as `first` has them.
    public static func settle(first: [ResultRow], second: [ResultRow], challengers: [ResultRow]) -> [ResultRow] {
        let names = Array(Set(challengers.map(\.engine))).sorted().joined(separator: ", ")
        return first.map { earlier in
            guard earlier.metric.isThroughputTime, let firstSummary = earlier.summary,
                let later = second.first(where: { $0.metric == earlier.metric }), let secondSummary = later.summary
            else { return earlier }
            var kept = secondSummary.median < firstSummary.median ? later : earlier
            kept.note =
                "measured twice, the second time after the workload's other rows because \(names) read below the first: "
                + "first median \(figure(firstSummary.median)) (MAD \(figure(firstSummary.mad))), second "
                + "\(figure(secondSummary.median)) (MAD \(figure(secondSummary.mad))); the lower is kept"
            return kept
        }
    }

    /// Whether `candidate` is faster than `floor` beyond both spreads.
    public static func beats(_ candidate: Summary, _ floor: Summary) -> Bool {
        candidate.median + madMultiple * candidate.mad < floor.median - madMultiple * floor.mad
    }

    private static func floorSummaries(_ rows: [ResultRow]) -> [String: Summary] {
        var floors: [String: Summary] = [:]
        for row in rows where row.engine == floorID && row.metric.isThroughputTime {
            if let summary = row.summary { floors[key(row)] = summary }
        }
        return floors
    }

    private static func beatsFloor(_ row: ResultRow, _ floors: [String: Summary]) -> Bool {
        guard row.engine != floorID, row.metric.isThroughputTime, let summary = row.summary,
            let floor = floors[key(row)]
        else { return false }
        return beats(summary, floor)
    }

    private static func key(_ row: ResultRow) -> String { "\(row.workloadID)|\(row.metric.rawValue)" }

    /// Two decimals, enough to tell readings of a few nanoseconds apart.
    private static func figure(_ value: Double) -> String {
        "\((value * 100).rounded() / 100)"
    }
}
