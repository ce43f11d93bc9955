import RxBenchCore
import RxBenchResults
import Testing

@Suite("Summary statistics")
struct SummaryTests {
    @Test("median, extremes and MAD of a known sample")
    func knownSample() {
        let summary = Summary([1, 2, 3, 4, 100])
        #expect(summary.median == 3)
        #expect(summary.min == 1)
        #expect(summary.max == 100)
        #expect(summary.mad == 1)  // deviations 2, 1, 0, 1, 97
        #expect(summary.count == 5)
    }

    @Test("quantiles interpolate between ranks")
    func quantiles() {
        let summary = Summary((0...100).map(Double.init))
        #expect(summary.median == 50)
        #expect(summary.p90 == 90)
        #expect(summary.p99 == 99)
        #expect(abs(summary.p999 - 99.9) < 1e-9)
    }

    @Test("scaling scales every statistic")
    func scaling() {
        let summary = Summary([10, 20, 30]).scaled(by: 0.1)
        #expect(summary.median == 2)
        #expect(summary.max == 3)
    }
}
