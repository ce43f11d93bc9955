import RxBenchCore
/// Order statistics of a sample. The spread is reported as min, max and the median absolute deviation
/// (MAD, unscaled), which one outlier on a shared machine cannot move.
public struct Summary: Sendable, Hashable, Codable {
    public let count: Int
    public let median: Double
    public let min: Double
    public let max: Double
    /// Median absolute deviation from the median.
    public let mad: Double
    public let p90: Double
    public let p99: Double
    public let p999: Double

    public init(_ samples: [Double]) {
        precondition(!samples.isEmpty, "a summary needs at least one sample")
        let sorted = samples.sorted()
        count = sorted.count
        median = Summary.quantile(sorted, 0.5)
        min = sorted[0]
        max = sorted[sorted.count - 1]
        let median = self.median
        mad = Summary.quantile(sorted.map { abs($0 - median) }.sorted(), 0.5)
        p90 = Summary.quantile(sorted, 0.90)
        p99 = Summary.quantile(sorted, 0.99)
        p999 = Summary.quantile(sorted, 0.999)
    }

    /// The same statistics scaled (for example from nanoseconds per run to nanoseconds per event).
    public func scaled(by factor: Double) -> Summary {
        Summary(
            count: count, median: median * factor, min: min * factor, max: max * factor, mad: mad * factor,
            p90: p90 * factor, p99: p99 * factor, p999: p999 * factor)
    }

    private init(
        count: Int, median: Double, min: Double, max: Double, mad: Double, p90: Double, p99: Double, p999: Double
    ) {
        self.count = count
        self.median = median
        self.min = min
        self.max = max
        self.mad = mad
        self.p90 = p90
        self.p99 = p99
        self.p999 = p999
    }

    /// Linear interpolation between closest ranks (type 7, as R and NumPy default).
    static func quantile(_ sorted: [Double], _ q: Double) -> Double {
        if sorted.count == 1 { return sorted[0] }
        let position = q * Double(sorted.count - 1)
        let lower = Int(position)
        let upper = Swift.min(lower + 1, sorted.count - 1)
        let fraction = position - Double(lower)
        return sorted[lower] + (sorted[upper] - sorted[lower]) * fraction
    }
}
