import Foundation
import RxBenchCore
import RxBenchResults

/// Renders rows with their context. The CSV schema is documented in docs/csv-schema.md and versioned by
/// its first column; columns are only ever added at the end.
struct ReportWriter {
    let context: RunContext
    let rows: [ResultRow]
    /// The workloads rows declined, each written as a record with its reason beside the figures.
    var unsupported: [UnsupportedWorkload] = []

    static let csvSchemaVersion = "3"
    static let csvHeader = [
        "schema", "date", "commit", "swift", "cpu", "cores", "allocator", "build", "profile", "clock_overhead_ns",
        "engine", "role", "workload", "group", "parameters", "metric", "unit", "n", "median", "min", "max", "mad",
        "p90", "p99", "p999", "flag", "note",
    ]
    /// The `metric` and the `flag` of a record that says why a row did not run a workload: the metric, so
    /// that every reader selecting figures by metric passes over it; the flag, so that its empty statistics
    /// read as intended, as an `unavailable` row's do.
    static let unsupportedMarker = "unsupported"

    func render(_ format: ReportFormat) -> String {
        switch format {
        case .csv: csv()
        case .json: json()
        case .table: table()
        }
    }

    func csv() -> String {
        var lines = [Self.csvHeader.joined(separator: ",")]
        let contextFields = [
            Self.csvSchemaVersion, context.date, context.commit, context.swiftVersion, context.cpu, String(context.cores),
            context.allocator, context.buildConfiguration, context.profile, number(context.clockOverheadNanoseconds),
        ]
        for row in rows {
            // An unavailable metric has no statistics: empty cells, never 0.
            let statistics = row.summary.map { s in
                [String(s.count), number(s.median), number(s.min), number(s.max), number(s.mad), number(s.p90),
                    number(s.p99), number(s.p999)]
            } ?? Array(repeating: "", count: 8)
            let fields =
                contextFields
                + [row.engine, row.role.rawValue, row.workload, row.group, row.parameters, row.metric.rawValue,
                    row.metric.unit]
                + statistics + [row.flag?.rawValue ?? "", oneLine(row.note ?? "")]
            lines.append(fields.map(csvField).joined(separator: ","))
        }
        // After the figures, so that the order in which readers first meet rows and workloads is unchanged.
        for skipped in unsupported {
            let fields =
                contextFields
                + [skipped.engine, skipped.role.rawValue, skipped.workload, skipped.group, skipped.parameters,
                    Self.unsupportedMarker, ""]
                + Array(repeating: "", count: 8) + [Self.unsupportedMarker, oneLine(skipped.reason)]
            lines.append(fields.map(csvField).joined(separator: ","))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    func json() -> String {
        struct Document: Encodable {
            let schema: String
            let context: RunContext
            let rows: [Row]
            let unsupported: [UnsupportedWorkload]
        }
        struct Row: Encodable {
            let engine, role, workload, group, parameters, metric, unit: String
            let summary: Summary?
            let flag: String?
            let note: String?
        }
        let document = Document(
            schema: Self.csvSchemaVersion, context: context,
            rows: rows.map {
                Row(
                    engine: $0.engine, role: $0.role.rawValue, workload: $0.workload, group: $0.group,
                    parameters: $0.parameters, metric: $0.metric.rawValue, unit: $0.metric.unit, summary: $0.summary,
                    flag: $0.flag?.rawValue, note: $0.note)
            }, unsupported: unsupported)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(document)) ?? Data(), as: UTF8.self) + "\n"
    }

    /// One table per metric: rows are workloads, columns engines (the floor beside them). Each cell is the
    /// median in fixed notation with its unit; wall times add the spread (MAD as a percent of the median)
    /// and the ratio to the floor row, or to the fastest row where the floor cannot express the workload.
    func table() -> String {
        var out = "rxbench \(context.date) commit \(context.commit) \(context.swiftVersion)\n"
        out += "cpu: \(context.cpu) x\(context.cores); allocator: \(context.allocator); build: \(context.buildConfiguration); "
        out += "profile: \(context.profile); clock reading: \(number(context.clockOverheadNanoseconds)) ns\n"
        let engines = ordered(rows.map(\.engine))
        for metric in Metric.allCases {
            let metricRows = rows.filter { $0.metric == metric }
            guard !metricRows.isEmpty else { continue }
            out += "\n" + heading(metric) + "\n"
            let workloads = ordered(metricRows.map(\.workloadID))
            var grid = [["workload"] + engines]
            for workload in workloads {
                let cells = metricRows.filter { $0.workloadID == workload }
                let reference = referenceMedian(cells, metric: metric)
                grid.append(
                    [workload]
                        + engines.map { engine in
                            guard let cell = cells.first(where: { $0.engine == engine }) else { return "n/a" }
                            return format(cell, reference: reference)
                        })
            }
            out += layout(grid)
        }
        let flagged = rows.filter { $0.flag == .belowFloor }
        if !flagged.isEmpty {
            out += "\n! below the floor beyond the spread: "
                + flagged.map { "\($0.engine) \($0.workloadID) \($0.metric.rawValue)" }.joined(separator: "; ") + "\n"
        }
        let noted = rows.filter { $0.note != nil }
        if !noted.isEmpty {
            out += "\nnotes:\n" + noted.map { "  \($0.engine) \($0.workloadID) \($0.metric.rawValue): \(oneLine($0.note ?? ""))\n" }.joined()
        }
        if !unsupported.isEmpty {
            out += "\nnot run (n/a), the row cannot express the workload:\n"
            out += unsupported.map { "  \($0.engine) \($0.workloadID): \(oneLine($0.reason))\n" }.joined()
        }
        return out
    }

    private func heading(_ metric: Metric) -> String {
        switch metric {
        case .disposeLatency, .subscribeLatency, .disposeUntilStopped: "\(metric.rawValue): median | p99 of single calls"
        case _ where metric.isExact: "\(metric.rawValue) (\(metric.unit)): exact counts"
        default:
            "\(metric.rawValue): median ±MAD% xN (N = this row / the floor `baseline`, or / the best where it has no figure)"
        }
    }

    /// The floor's median where it has one, else the best median of the row.
    private func referenceMedian(_ cells: [ResultRow], metric: Metric) -> Double? {
        if let floor = cells.first(where: { $0.engine == FloorCheck.floorID })?.summary { return floor.median }
        let medians = cells.compactMap(\.summary?.median)
        return metric.lowerIsBetter ? medians.min() : medians.max()
    }

    private func format(_ row: ResultRow, reference: Double?) -> String {
        guard let s = row.summary else { return "unavailable" }
        let metric = row.metric
        switch metric {
        case .disposeLatency, .subscribeLatency, .disposeUntilStopped:
            return "\(quantity(s.median, metric)) | \(quantity(s.p99, metric))"
        case _ where metric.isExact:
            let value = quantity(s.median, metric)
            return s.min == s.max ? value : "\(value) (\(quantity(s.min, metric))..\(quantity(s.max, metric)))"
        default:
            let spread = s.median > 0 ? s.mad / s.median * 100 : 0
            var cell = "\(quantity(s.median, metric)) ±\(String(format: "%.1f", spread))%"
            if let reference, reference > 0 {
                let ratio = metric.lowerIsBetter ? s.median / reference : reference / s.median
                cell += " x\(String(format: "%.2f", ratio))"
            }
            return row.flag == .belowFloor ? cell + " !" : cell
        }
    }

    private func layout(_ grid: [[String]]) -> String {
        let widths = grid[0].indices.map { column in grid.map { $0[column].count }.max() ?? 0 }
        return grid.map { line in
            line.enumerated().map { index, cell in
                index == 0 ? cell.padding(toLength: widths[index], withPad: " ", startingAt: 0)
                    : String(repeating: " ", count: widths[index] - cell.count) + cell
            }.joined(separator: "  ")
        }.joined(separator: "\n") + "\n"
    }

    private func ordered(_ values: [String]) -> [String] {
        var seen: Set<String> = []
        return values.filter { seen.insert($0).inserted }
    }
}

/// Fixed-point text for CSV: enough digits for nanoseconds and fractional malloc counts.
func number(_ value: Double) -> String {
    if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
    return String(format: "%.4f", value)
}

/// A value in fixed notation with an SI prefix and the metric's unit: `21.0 ns`, `1.52 µs`, `47.6 M/s`,
/// `1.49 kB`, `6 mallocs`, `812 instr`.
func quantity(_ value: Double, _ metric: Metric) -> String {
    switch metric {
    case .nsPerEvent, .nsPerLifecycle, .subscribeLatency, .disposeLatency, .disposeUntilStopped:
        return scaled(value * 1e-9, unit: "s")
    case .eventsPerSecond:
        return scaled(value, unit: "/s")
    case .bytesPerEvent, .bytesPerLifecycle, .bytesPerLiveSubscription, .bytesHeldPerEvent:
        return scaled(value, unit: "B")
    case .mallocsPerEvent, .mallocsPerLifecycle:
        return plain(value) + " mallocs"
    case .instructionsPerEvent, .instructionsPerLifecycle:
        return scaled(value, unit: " instr").replacingOccurrences(of: "  ", with: " ")
    }
}

/// Three significant digits with the SI prefix that keeps the mantissa in [1, 1000).
func scaled(_ value: Double, unit: String) -> String {
    guard value != 0, value.isFinite else { return "0 \(unit)" }
    let prefixes: [(Double, String)] = [(1e9, "G"), (1e6, "M"), (1e3, "k"), (1, ""), (1e-3, "m"), (1e-6, "µ"), (1e-9, "n")]
    let magnitude = abs(value)
    let (factor, prefix) = prefixes.first { magnitude >= $0.0 * 0.9995 } ?? prefixes[prefixes.count - 1]
    let mantissa = value / factor
    let digits = abs(mantissa) >= 99.95 ? 0 : abs(mantissa) >= 9.995 ? 1 : 2
    return String(format: "%.\(digits)f", mantissa) + " " + prefix + unit
}

/// Counts: whole numbers as such, fractions with up to three decimals.
func plain(_ value: Double) -> String {
    if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
    return String(format: "%.3f", value)
}

/// A reason is promised to be one line (docs/csv-schema.md); an adapter's message with a line break keeps
/// its words on that line.
func oneLine(_ text: String) -> String {
    text.split(whereSeparator: \.isNewline).joined(separator: " ")
}

func csvField(_ field: String) -> String {
    guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" }) else { return field }
    return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
}
