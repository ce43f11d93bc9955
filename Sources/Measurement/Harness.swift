import Dispatch
import RxBenchCore

/// How much measuring to do. The CLI's profiles fill this in; every field can be overridden.
public struct MeasureOptions: Sendable {
    /// Runs before the timed ones (caches, metadata, lazily made singletons).
    public var warmupRuns: Int
    /// Timed runs; the median and spread are over these.
    public var repetitions: Int
    /// Repetitions of each allocation difference (they must agree: the counts are exact).
    public var allocationRepetitions: Int
    /// The largest size used for allocation differences (counts are exact; small sizes suffice).
    public var allocationSize: Int
    /// Extra live subscriptions used to measure bytes per live subscription.
    public var liveSubscriptionProbe: Int

    public init(
        warmupRuns: Int = 2, repetitions: Int = 11, allocationRepetitions: Int = 3, allocationSize: Int = 256,
        liveSubscriptionProbe: Int = 64
    ) {
        self.warmupRuns = warmupRuns
        self.repetitions = repetitions
        self.allocationRepetitions = allocationRepetitions
        self.allocationSize = allocationSize
        self.liveSubscriptionProbe = liveSubscriptionProbe
    }
}

/// Measures workloads on one engine. Generic over the adapter so that, built where the adapter's type is
/// concrete, nothing in the measured loops goes through an existential.
public struct Harness<Adapter: EngineAdapter> {
    public let adapter: Adapter
    public let options: MeasureOptions

    public init(adapter: Adapter, options: MeasureOptions) {
        self.adapter = adapter
        self.options = options
    }

    /// All metrics of `workload` at `size`. Throws on a wrong checksum (never a figure) and
    /// `HarnessError.unsupported` where a reference row cannot express the flow.
    public func measure(_ workload: Workload, size: Int) throws(HarnessError) -> [ResultRow] {
        switch workload.shape {
        case .pumping, .creating: try measureThroughput(workload, size: size)
        case .latency: try measureLatency(workload, samples: size)
        }
    }

    private func row(_ workload: Workload, _ metric: Metric, _ summary: Summary) -> ResultRow {
        ResultRow(
            engine: adapter.descriptor.id, role: adapter.descriptor.role, workload: workload.name,
            group: workload.group, parameters: workload.parameterText, metric: metric, summary: summary)
    }

    // MARK: Throughput and allocations

    private func measureThroughput(_ workload: Workload, size: Int) throws(HarnessError) -> [ResultRow] {
        var runner = ScenarioRunner(adapter: adapter, workloadID: workload.id)
        let tally = Tally()
        let scenario = workload.make(size)
        runner.prepare(for: scenario)
        for _ in 0..<options.warmupRuns { try runner.runChecked(scenario, tally: tally) }

        var perUnit: [Double] = []
        for _ in 0..<options.repetitions {
            let start = monotonicNanoseconds()
            _ = try runner.run(scenario, tally: tally)
            let elapsed = monotonicNanoseconds() &- start
            guard tally.checksum == scenario.expected else {
                throw .checksum(
                    engine: adapter.descriptor.id, workload: workload.id, expected: scenario.expected,
                    actual: tally.checksum)
            }
            perUnit.append(Double(elapsed) / Double(size))
        }
        let time = Summary(perUnit)
        var rows: [ResultRow]
        if workload.shape == .pumping {
            rows = [row(workload, .nsPerEvent, time), row(workload, .eventsPerSecond, Summary(perUnit.map { 1e9 / $0 }))]
        } else {
            rows = [row(workload, .nsPerLifecycle, time)]
        }
        if let mallocs = try allocationsPerUnit(workload, size: size, runner: &runner, tally: tally) {
            rows.append(row(workload, workload.shape == .pumping ? .mallocsPerEvent : .mallocsPerLifecycle, mallocs))
        }
        return rows
    }

    /// (mallocs at 2n - mallocs at n) / n: setup and teardown cancel, leaving the steady-state cost.
    private func allocationsPerUnit(
        _ workload: Workload, size: Int, runner: inout ScenarioRunner<Adapter>, tally: Tally
    ) throws(HarnessError) -> Summary? {
        guard AllocationCounter.isInstalled else { return nil }
        let n = max(1, min(size, options.allocationSize))
        let small = workload.make(n)
        let large = workload.make(2 * n)
        runner.prepare(for: large)
        try runner.runChecked(small, tally: tally)
        try runner.runChecked(large, tally: tally)
        var samples: [Double] = []
        for _ in 0..<options.allocationRepetitions {
            let smallCount = try countAllocations { () throws(HarnessError) in try runner.runChecked(small, tally: tally) }
            let largeCount = try countAllocations { () throws(HarnessError) in try runner.runChecked(large, tally: tally) }
            samples.append(Double(largeCount - smallCount) / Double(n))
        }
        return Summary(samples)
    }

    private func countAllocations(_ body: () throws(HarnessError) -> Void) throws(HarnessError) -> Int {
        var failure: HarnessError?
        let (_, delta) = AllocationCounter.count {
            do throws(HarnessError) { try body() } catch { failure = error }
        }
        if let failure { throw failure }
        return delta.allocations
    }

    // MARK: Latency and live bytes

    private func measureLatency(_ workload: Workload, samples: Int) throws(HarnessError) -> [ResultRow] {
        var runner = ScenarioRunner(adapter: adapter, workloadID: workload.id)
        let tally = Tally()
        let scenario = workload.make(samples)
        let observer = tally.observer()
        tally.checksum = Checksum()
        runner.makeSubjects(scenario)
        let stream = try runner.stream(scenario)
        runner.prepare(for: Scenario(flow: scenario.flow, subscribers: scenario.siblings, expected: Checksum()))
        for _ in 0..<scenario.siblings { runner.keep(adapter.subscribe(stream, observer)) }

        var bytes: Summary?
        if AllocationCounter.isInstalled {
            let probe = options.liveSubscriptionProbe
            var extra: [Adapter.Subscription] = []
            extra.reserveCapacity(probe)
            var perSubscription: [Double] = []
            for _ in 0..<options.allocationRepetitions {
                let (_, delta) = AllocationCounter.count {
                    for _ in 0..<probe { extra.append(adapter.subscribe(stream, observer)) }
                }
                perSubscription.append(Double(delta.liveBytes) / Double(probe))
                for subscription in extra { adapter.dispose(subscription) }
                extra.removeAll(keepingCapacity: true)
            }
            bytes = Summary(perSubscription)
        }

        let warmup = min(samples, 1000)
        var subscribeTimes: [Double] = []
        var disposeTimes: [Double] = []
        subscribeTimes.reserveCapacity(samples)
        disposeTimes.reserveCapacity(samples)
        for index in 0..<(warmup + samples) {
            let start = monotonicNanoseconds()
            let subscription = adapter.subscribe(stream, observer)
            let subscribed = monotonicNanoseconds()
            adapter.dispose(subscription)
            let disposed = monotonicNanoseconds()
            if index >= warmup {
                subscribeTimes.append(Double(subscribed &- start))
                disposeTimes.append(Double(disposed &- subscribed))
            }
        }
        // The siblings are live and still receive: the checksum proves the chain was real.
        runner.feed(scenario.feed)
        runner.disposeAll()
        guard tally.checksum == scenario.expected else {
            throw .checksum(
                engine: adapter.descriptor.id, workload: workload.id, expected: scenario.expected,
                actual: tally.checksum)
        }
        var rows = [
            row(workload, .subscribeLatency, Summary(subscribeTimes)),
            row(workload, .disposeLatency, Summary(disposeTimes)),
        ]
        if let bytes { rows.append(row(workload, .bytesPerLiveSubscription, bytes)) }
        return rows
    }
}
