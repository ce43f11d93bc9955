import CAllocationCounter
import Dispatch
import RxBenchCore
import RxBenchResults

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

/// Why the instruction probe gives no figure for a stream delivered on other threads.
public let asynchronousInstructionsReason = "instructions of a stream delivered on other threads"

/// Measures workloads on one engine. Generic over the adapter so that, built where the adapter's type is
/// concrete, nothing in the measured loops goes through an existential.
///
/// What the harness itself does is kept out of the measured regions: the terminal observers and their
/// native forms are made once per workload; buffers are sized before the first run. Inside a measured
/// run the harness translates the flow once per lifecycle (a walk over the `Flow` enum that allocates
/// nothing beyond the engine's own objects: `AdapterCostTests` checks it), subscribes, feeds, disposes.
public struct Harness<Adapter: EngineAdapter> {
    public let adapter: Adapter
    public let options: MeasureOptions

    public init(adapter: Adapter, options: MeasureOptions) {
        self.adapter = adapter
        self.options = options
    }

    /// Why this row cannot run `workload` (nil when it can), and whether it delivers the stream on other
    /// threads: `workload` made at size 1 and translated, nothing subscribed (`ScenarioRunner.feasibility`).
    public func feasibility(_ workload: Workload) -> (unsupported: UnsupportedFlow?, asynchronous: Bool) {
        var runner = ScenarioRunner(adapter: adapter, workloadID: workload.id)
        do throws(HarnessError) {
            return (nil, try runner.feasibility(of: workload.make(1)))
        } catch {
            guard case .unsupported(let reason) = error else {
                preconditionFailure("feasibility throws only .unsupported, got \(error)")
            }
            return (reason, false)
        }
    }

    /// All metrics of `workload` at `size`. Throws on a wrong checksum (never a figure) and
    /// `HarnessError.unsupported` where a reference row cannot express the flow.
    public func measure(_ workload: Workload, size: Int) throws(HarnessError) -> [ResultRow] {
        switch workload.shape {
        case .pumping, .creating: try measureThroughput(workload, size: size)
        case .latency: try measureLatency(workload, samples: size)
        }
    }

    /// For the instruction probe: runs `workload` at `size` once unmeasured (warm-up), then once inside
    /// `rxbench_measured_region`, which callgrind's `--toggle-collect` counts, and checks the checksum of both.
    public func runInMeasuredRegion(_ workload: Workload, size: Int) throws(HarnessError) {
        var runner = ScenarioRunner(adapter: adapter, workloadID: workload.id)
        let scenario = workload.make(size)
        let tally = try runner.tally(for: scenario, observers: scenario.subscribers)
        // Deliveries on the cooperative pool's threads fall outside the region and vary with scheduling
        // (async-stream's counts differ from run to run): no instruction figure rather than a wrong one.
        if runner.deliversAsynchronously {
            throw .unsupported(UnsupportedFlow(engine: adapter.descriptor.id, operation: asynchronousInstructionsReason))
        }
        let observers = runner.observers(for: tally)
        runner.prepare(for: scenario)
        try runner.runChecked(scenario, tally: tally, observers: observers)
        var failure: HarnessError?
        measuredRegion {
            do throws(HarnessError) { try runner.runChecked(scenario, tally: tally, observers: observers) } catch {
                failure = error
            }
        }
        if let failure { throw failure }
    }

    private func row(_ workload: Workload, _ metric: Metric, _ summary: Summary?) -> ResultRow {
        ResultRow(
            engine: adapter.descriptor.id, role: adapter.descriptor.role, workload: workload.name,
            group: workload.group, parameters: workload.parameterText, metric: metric, summary: summary)
    }

    // MARK: Throughput and allocations

    private func measureThroughput(_ workload: Workload, size: Int) throws(HarnessError) -> [ResultRow] {
        var runner = ScenarioRunner(adapter: adapter, workloadID: workload.id)
        let scenario = workload.make(size)
        let tally = try runner.tally(for: scenario, observers: scenario.subscribers)
        let observers = runner.observers(for: tally)
        runner.prepare(for: scenario)
        for _ in 0..<options.warmupRuns { try runner.runChecked(scenario, tally: tally, observers: observers) }

        var perUnit: [Double] = []
        for _ in 0..<options.repetitions {
            let start = monotonicNanoseconds()
            _ = try runner.run(scenario, tally: tally, observers: observers)
            let elapsed = monotonicNanoseconds() &- start
            try runner.check(tally.checksum, against: scenario)
            perUnit.append(Double(elapsed) / Double(size))
        }
        let time = Summary(perUnit)
        var rows: [ResultRow]
        if workload.shape == .pumping {
            rows = [row(workload, .nsPerEvent, time), row(workload, .eventsPerSecond, Summary(perUnit.map { 1e9 / $0 }))]
        } else {
            rows = [row(workload, .nsPerLifecycle, time)]
        }
        let (mallocs, bytes) = try allocationsPerUnit(workload, size: size, runner: &runner, tally: tally, observers: observers)
        rows.append(row(workload, workload.shape == .pumping ? .mallocsPerEvent : .mallocsPerLifecycle, mallocs))
        rows.append(row(workload, workload.shape == .pumping ? .bytesPerEvent : .bytesPerLifecycle, bytes))
        if let consumer = scenario.slowConsumer {
            let held = try bytesHeldPerEvent(workload, size: size, consumer: consumer, runner: &runner, tally: tally, observers: observers)
            rows.append(row(workload, .bytesHeldPerEvent, held))
        }
        return rows
    }

    /// (bytes left live by a feed of 2n values - by one of n) / n, each fed while the consumer's queue is busy
    /// (`ScenarioRunner.bytesHeld`): what the row keeps per value waiting for a slow consumer, the fixed part
    /// (a buffer's first block, the subscription) cancelled. The first round is not counted: it grows what the
    /// later rounds reuse, as in `liveBytesPerSubscription`.
    private func bytesHeldPerEvent(
        _ workload: Workload, size: Int, consumer: DispatchQueue, runner: inout ScenarioRunner<Adapter>, tally: Tally,
        observers: [Adapter.Observer]
    ) throws(HarnessError) -> Summary? {
        guard AllocationCounter.isCalibrated else { return nil }
        let n = max(1, min(size, options.allocationSize))
        let small = workload.make(n)
        let large = workload.make(2 * n)
        runner.prepare(for: large)
        var perValue: [Double] = []
        for round in 0...options.allocationRepetitions {
            guard let smallBytes = try runner.bytesHeld(small, consumer: consumer, tally: tally, observers: observers),
                let largeBytes = try runner.bytesHeld(large, consumer: consumer, tally: tally, observers: observers)
            else { return nil }
            if round > 0 { perValue.append(Double(largeBytes - smallBytes) / Double(n)) }
        }
        return Summary(perValue)
    }

    /// (mallocs at 2n - mallocs at n) / n, and the same for the bytes those mallocs asked for: setup and
    /// teardown cancel, leaving the steady-state cost. Nil where this process cannot count. Each count starts
    /// after a run of the same size (caches, lazily grown buffers and worker threads are in place) and ends once
    /// the scenario's queues are idle.
    private func allocationsPerUnit(
        _ workload: Workload, size: Int, runner: inout ScenarioRunner<Adapter>, tally: Tally,
        observers: [Adapter.Observer]
    ) throws(HarnessError) -> (mallocs: Summary?, bytes: Summary?) {
        // A row that delivers asynchronously allocates on other threads as their scheduling falls (a task group's
        // child that suspends or not; a consuming task that has caught up with its sender, and is resumed by a
        // job, or not): no exact count exists, so none is reported.
        guard AllocationCounter.isCalibrated, !runner.deliversAsynchronously else { return (nil, nil) }
        let n = max(1, min(size, options.allocationSize))
        let small = workload.make(n)
        let large = workload.make(2 * n)
        runner.prepare(for: large)
        var mallocs: [Double] = []
        var bytes: [Double] = []
        for _ in 0..<options.allocationRepetitions {
            try runner.runChecked(small, tally: tally, observers: observers)
            quiesce(small)
            let smallCount = try countAllocations(small, asynchronous: runner.deliversAsynchronously) { () throws(HarnessError) in
                try runner.runChecked(small, tally: tally, observers: observers)
            }
            try runner.runChecked(large, tally: tally, observers: observers)
            quiesce(large)
            let largeCount = try countAllocations(large, asynchronous: runner.deliversAsynchronously) { () throws(HarnessError) in
                try runner.runChecked(large, tally: tally, observers: observers)
            }
            mallocs.append(Double(largeCount.allocations - smallCount.allocations) / Double(n))
            bytes.append(Double(largeCount.bytesRequested - smallCount.bytesRequested) / Double(n))
        }
        return (repeatable(Summary(mallocs)), repeatable(Summary(bytes)))
    }

    /// `counts`, or nil where the row says its counts depend on what ran before and the repetitions disagree.
    private func repeatable(_ counts: Summary?) -> Summary? {
        guard let counts, adapter.allocationCountsDependOnHistory != nil, counts.min != counts.max else { return counts }
        return nil
    }

    /// Waits until every queue the scenario delivers on has run what was sent to it.
    private func quiesce(_ scenario: Scenario) {
        for queue in scenario.queues { queue.sync {} }
    }

    /// Attempts per count; the fewest allocations seen is the count.
    static var countAttempts: Int { 3 }

    /// The count of the one of `countAttempts` runs of `body` with the fewest allocations (among those, the
    /// fewest requested bytes). A scenario without queues runs on this thread alone: counting this thread's
    /// allocations keeps out what other threads (idle workers, a parallel test) do. One with queues causes work on other threads: every thread's allocations count,
    /// until its queues are idle; so does one whose row delivers asynchronously (pool threads run its tasks).
    /// Runtimes refill caches in batches (Swift's task allocator takes a new slab,
    /// the thread pool starts a worker: seen as one allocation more in one window of 256 events); what they
    /// add is never negative, so the fewest of a few attempts is the chain's own steady-state count.
    private func countAllocations(
        _ scenario: Scenario, asynchronous: Bool, _ body: () throws(HarnessError) -> Void
    ) throws(HarnessError) -> AllocationDelta {
        let scope: AllocationCounter.Scope = scenario.queues.isEmpty && !asynchronous ? .currentThread : .process
        return try fewestAllocations(of: Self.countAttempts) { () throws(HarnessError) in try countOnce(scenario, scope, body) }
    }


    private func countOnce(
        _ scenario: Scenario, _ scope: AllocationCounter.Scope, _ body: () throws(HarnessError) -> Void
    ) throws(HarnessError) -> AllocationDelta {
        var failure: HarnessError?
        let (_, delta) = AllocationCounter.count(scope) {
            do throws(HarnessError) { try body() } catch { failure = error }
            quiesce(scenario)
        }
        if let failure { throw failure }
        return delta
    }

    // MARK: Latency and live bytes

    private func measureLatency(_ workload: Workload, samples: Int) throws(HarnessError) -> [ResultRow] {
        var runner = ScenarioRunner(adapter: adapter, workloadID: workload.id)
        let scenario = workload.make(samples)
        // One observer per sibling, one for the measured subscriptions.
        let tally = Tally(observers: scenario.siblings + 1)
        let observers = runner.observers(for: tally)
        let measured = observers[scenario.siblings]
        try runner.makeSubjects(scenario)
        let stream = try runner.stream(scenario)
        runner.prepare(for: Scenario(flow: scenario.flow, subscribers: 1, expected: Checksum()))
        var siblings = LiveSiblings(
            adapter: adapter, order: scenario.disposalOrder, observers: Array(observers[..<scenario.siblings]))
        siblings.subscribeAll(to: stream)

        let bytes = liveBytesPerSubscription(stream, observer: measured)

        let warmup = min(samples, 1000)
        var subscribeTimes: [Double] = []
        var disposeTimes: [Double] = []
        // Rows whose dispose is asynchronous: also from the dispose call until the consumer has stopped.
        let waitUntilStopped = adapter.waitUntilStopped
        var stopTimes: [Double] = []
        subscribeTimes.reserveCapacity(samples)
        disposeTimes.reserveCapacity(samples)
        if waitUntilStopped != nil { stopTimes.reserveCapacity(samples) }
        if scenario.disposalOrder == .newest {
            // Subscribe the measured chain, then dispose it: the subject's newest observer.
            for index in 0..<(warmup + samples) {
                let start = monotonicNanoseconds()
                let subscription = adapter.subscribe(stream, with: measured)
                let subscribed = monotonicNanoseconds()
                adapter.dispose(subscription)
                let disposed = monotonicNanoseconds()
                if index >= warmup {
                    subscribeTimes.append(Double(subscribed &- start))
                    disposeTimes.append(Double(disposed &- subscribed))
                }
                if let waitUntilStopped {
                    waitUntilStopped(subscription)
                    if index >= warmup { stopTimes.append(Double(monotonicNanoseconds() &- subscribed)) }
                }
            }
        } else {
            // Dispose the oldest or a random live sibling, then subscribe its replacement at the end,
            // untimed: the sibling count stays the same in every sample.
            for index in 0..<(warmup + samples) {
                let slot = siblings.nextSlot()
                let subscription = siblings.take(slot)
                let start = monotonicNanoseconds()
                adapter.dispose(subscription)
                let disposed = monotonicNanoseconds()
                if let waitUntilStopped {
                    waitUntilStopped(subscription)
                    if index >= warmup { stopTimes.append(Double(monotonicNanoseconds() &- start)) }
                }
                siblings.replace(at: slot, in: stream)
                if index >= warmup { disposeTimes.append(Double(disposed &- start)) }
            }
        }
        // The siblings (replacements included) are live and still receive, and so does one more chain
        // subscribed with the measured observer: the checksum proves the chain was real.
        try runner.finishLatency(scenario, stream: stream, observer: measured, siblings: &siblings, tally: tally)
        return (scenario.disposalOrder == .newest ? [row(workload, .subscribeLatency, Summary(subscribeTimes))] : [])
            + [row(workload, .disposeLatency, Summary(disposeTimes))]
            + (waitUntilStopped == nil ? [] : [row(workload, .disposeUntilStopped, Summary(stopTimes))])
            + [row(workload, .bytesPerLiveSubscription, bytes)]
    }

    /// Requested heap bytes per extra live subscription (`AllocationCounter.liveBytes`). The first round
    /// is not counted: it grows whatever the subject keeps its observers in to the probe's size, which
    /// later rounds then reuse, so every counted round sees the same heap operations.
    private func liveBytesPerSubscription(_ stream: Adapter.Stream, observer: Adapter.Observer) -> Summary? {
        guard AllocationCounter.isCalibrated else { return nil }
        let probe = options.liveSubscriptionProbe
        var extra: [Adapter.Subscription] = []
        extra.reserveCapacity(probe)
        var perSubscription: [Double] = []
        for round in 0...options.allocationRepetitions {
            let bytes = AllocationCounter.liveBytes {
                for _ in 0..<probe { extra.append(adapter.subscribe(stream, with: observer)) }
            }
            // Disposed before anything else: a probe left live would receive the checksum's values (it did,
            // when the tracker's table overflowed and this returned first).
            for subscription in extra { adapter.dispose(subscription) }
            extra.removeAll(keepingCapacity: true)
            guard let bytes else { return nil }
            if round > 0 { perSubscription.append(Double(bytes) / Double(probe)) }
        }
        return repeatable(Summary(perSubscription))
    }
}

/// The count with the fewest allocations of `attempts` calls of `attempt` (among those, the fewest requested
/// bytes; the first of equals).
func fewestAllocations(
    of attempts: Int, _ attempt: () throws(HarnessError) -> AllocationDelta
) throws(HarnessError) -> AllocationDelta {
    var fewest: AllocationDelta?
    for _ in 0..<attempts {
        let count = try attempt()
        if let least = fewest, (least.allocations, least.bytesRequested) <= (count.allocations, count.bytesRequested) {
            continue
        }
        fewest = count
    }
    return fewest!
}

/// Runs `body` inside `rxbench_measured_region`, the function callgrind's instruction probe collects.
func measuredRegion(_ body: () -> Void) {
    withoutActuallyEscaping(body) { body in
        var box = body
        withUnsafeMutablePointer(to: &box) { pointer in
            rxbench_measured_region({ context in
                context!.assumingMemoryBound(to: (() -> Void).self).pointee()
            }, pointer)
        }
    }
}
