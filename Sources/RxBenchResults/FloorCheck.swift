import RxBenchCore
/// The floor rule (ARCHITECTURE.md, "The floor"; docs/decisions/measurement-validity.md): `baseline` is the
/// cheapest honest plain Swift for every flow it expresses, so no engine, variant or library row may beat
/// it. A row beats it "beyond the spread" when even its median plus three MADs is below the floor's median
/// minus three MADs; such a row is flagged `below-floor`, shown on stderr and in the report, and CI's gate
/// fails when every timed process of a run flags it. Within the spread, a tie is no evidence either way.
/// Other reference rows are not checked yet: the first workload of a process is measured while the process
/// warms up, floor first, and `stage-loop`, measured later, once read below it there
/// (measurement-validity.md says what is left).
public enum FloorCheck {
    /// The engine id of the floor row.
    public static let floorID = "baseline"
    /// How many MADs of each side separate a real difference from noise.
    public static let madMultiple = 3.0

    /// `rows` with every wall-time row that beats the floor beyond the spread flagged.
    public static func flag(_ rows: [ResultRow]) -> [ResultRow] {
        var floors: [String: Summary] = [:]
        for row in rows where row.engine == floorID && row.metric.isThroughputTime {
            if let summary = row.summary { floors[key(row)] = summary }
        }
        return rows.map { row in
            guard row.role != .reference, row.metric.isThroughputTime, let summary = row.summary,
                let floor = floors[key(row)], beats(summary, floor)
            else { return row }
            var flagged = row
            flagged.flag = .belowFloor
            return flagged
        }
    }

    /// Whether `candidate` is faster than `floor` beyond both spreads.
    public static func beats(_ candidate: Summary, _ floor: Summary) -> Bool {
        candidate.median + madMultiple * candidate.mad < floor.median - madMultiple * floor.mad
    }

    private static func key(_ row: ResultRow) -> String { "\(row.workloadID)|\(row.metric.rawValue)" }
}
