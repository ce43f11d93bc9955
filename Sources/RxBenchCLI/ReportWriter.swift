import Foundation
import RxBenchCore

/// Renders rows with their context. The CSV schema is documented in docs/csv-schema.md and versioned by
/// its first column; columns are only ever added at the end.
struct ReportWriter {
    let context: RunContext
    let rows: [ResultRow]

    static let csvSchemaVersion = "1"
    static let csvHeader = [
        "schema", "date", "commit", "swift", "cpu", "cores", "allocator", "build", "profile", "clock_overhead_ns",
        "engine", "role", "workload", "group", "parameters", "metric", "unit", "n", "median", "min", "max", "mad",
        "p90", "p99", "p999",
    ]

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
            let s = row.summary
            let fields =
                contextFields + [
                    row.engine, row.role.rawValue, row.workload, row.group, row.parameters, row.metric.rawValue,
                    row.metric.unit, String(s.count), number(s.median), number(s.min), number(s.max), number(s.mad),
                    number(s.p90), number(s.p99), number(s.p999),
                ]
            lines.append(fields.map(csvField).joined(separator: ","))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    func json() -> String {
        struct Document: Encodable {
            let context: RunContext
            let rows: [Row]
        }
        struct Row: Encodable {
            let engine, role, workload, group, parameters, metric, unit: String
            let summary: Summary
        }
        let document = Document(
            context: context,
            rows: rows.map {
                Row(
                    engine: $0.engine, role: $0.role.rawValue, workload: $0.workload, group: $0.group,
                    parameters: $0.parameters, metric: $0.metric.rawValue, unit: $0.metric.unit, summary: $0.summary)
            })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return String(decoding: (try? encoder.encode(document)) ?? Data(), as: UTF8.self) + "\n"
    }

    /// One table per metric: rows are workloads, columns engines; each cell is the median with its MAD and,
    /// for time, its ratio to the fastest engine of that row.
    func table() -> String {
        var out = "rxbench \(context.date) commit \(context.commit) \(context.swiftVersion)\n"
        out += "cpu: \(context.cpu) x\(context.cores); allocator: \(context.allocator); build: \(context.buildConfiguration); "
        out += "profile: \(context.profile); clock reading: \(number(context.clockOverheadNanoseconds)) ns\n"
        let engines = ordered(rows.map(\.engine))
        for metric in Metric.allCases {
            let metricRows = rows.filter { $0.metric == metric }
            guard !metricRows.isEmpty else { continue }
            let statistic = metric == .disposeLatency || metric == .subscribeLatency ? "median | p99" : "median ±MAD"
            out += "\n\(metric.rawValue) (\(metric.unit); \(statistic); xN = relative to the best in the row)\n"
            let workloads = ordered(metricRows.map(\.workloadID))
            var grid = [["workload"] + engines]
            for workload in workloads {
                let cells = metricRows.filter { $0.workloadID == workload }
                let best = metric.lowerIsBetter
                    ? cells.map(\.summary.median).min() ?? 0 : cells.map(\.summary.median).max() ?? 0
                grid.append(
                    [workload]
                        + engines.map { engine in
                            guard let cell = cells.first(where: { $0.engine == engine }) else { return "n/a" }
                            return format(cell, metric: metric, best: best)
                        })
            }
            out += layout(grid)
        }
        return out
    }

    private func format(_ row: ResultRow, metric: Metric, best: Double) -> String {
        let s = row.summary
        switch metric {
        case .disposeLatency, .subscribeLatency:
            return "\(compact(s.median)) | \(compact(s.p99))"
        case .mallocsPerEvent, .mallocsPerLifecycle, .bytesPerLiveSubscription:
            return s.min == s.max ? compact(s.median) : "\(compact(s.median)) (\(compact(s.min))..\(compact(s.max)))"
        default:
            let ratio = best > 0 ? (metric.lowerIsBetter ? s.median / best : best / s.median) : 1
            return "\(compact(s.median)) ±\(compact(s.mad)) x\(String(format: "%.1f", ratio))"
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

/// A short human form: 3 significant digits.
func compact(_ value: Double) -> String {
    if value == value.rounded(), abs(value) < 1e6 { return String(Int(value)) }
    if abs(value) >= 1e6 { return String(format: "%.3g", value) }
    if abs(value) >= 100 { return String(format: "%.0f", value) }
    if abs(value) >= 10 { return String(format: "%.1f", value) }
    return String(format: "%.2f", value)
}

func csvField(_ field: String) -> String {
    guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" }) else { return field }
    return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
}
