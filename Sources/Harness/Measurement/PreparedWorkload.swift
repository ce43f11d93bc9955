import RxBenchCore

/// One workload on one row, set up for a driver that times and counts each iteration itself
/// (package-benchmark, in the Benchmarks/ package). Everything the harness keeps out of its measured
/// regions (terminal observers and their native forms, sized buffers, for latency the live chain and its
/// siblings) is done once by `Harness.prepare`; `iterate()` is one measured unit, checked as the harness
/// checks its own runs. Not thread-safe: one driver thread calls it.
public final class PreparedWorkload {
    /// Source events (pumping), lifecycles (creating) or subscribe + dispose pairs (latency: 1) per iteration.
    public let unitsPerIteration: Int
    private let iterateBody: () throws(HarnessError) -> Void
    private let finishBody: () throws(HarnessError) -> Void

    init(
        unitsPerIteration: Int, iterate: @escaping () throws(HarnessError) -> Void,
        finish: @escaping () throws(HarnessError) -> Void
    ) {
        self.unitsPerIteration = unitsPerIteration
        iterateBody = iterate
        finishBody = finish
    }

    /// Pumping and creating: one run of every lifecycle of the scenario (what rxbench times and counts per
    /// run), then its checksum; a wrong one throws. Latency: one subscribe and one dispose of the measured
    /// subscription beside the live siblings. A scenario that delivers on queues returns only once they are
    /// idle, so that work the iteration caused on another thread is counted in this iteration.
    @inline(__always)
    public func iterate() throws(HarnessError) { try iterateBody() }

    /// After the last iteration. Latency: one more chain subscribed with the sampled observer, the feed
    /// through it and the siblings' chains, and the checksum, which proves the sampled chain was live; then
    /// every sibling is disposed. Others: nothing to do.
    public func finish() throws(HarnessError) { try finishBody() }
}

extension Harness {
    /// `workload` at `size` (ignored for latency workloads, whose iteration is one sample), set up for an
    /// external driver. Runs the scenario once, checked, before returning: a row that computes the wrong
    /// checksum fails here, before anything is timed.
    public func prepare(_ workload: Workload, size: Int) throws(HarnessError) -> PreparedWorkload {
        workload.shape == .latency ? try prepareLatency(workload) : try prepareRuns(workload, size: size)
    }

    private func prepareRuns(_ workload: Workload, size: Int) throws(HarnessError) -> PreparedWorkload {
        let state = try RunState(adapter: adapter, workload: workload, scenario: workload.make(size))
        try state.iterate()
        return PreparedWorkload(
            unitsPerIteration: size, iterate: { () throws(HarnessError) in try state.iterate() }, finish: {})
    }

    private func prepareLatency(_ workload: Workload) throws(HarnessError) -> PreparedWorkload {
        let state = LatencyState(adapter: adapter, workload: workload)
        try state.start()
        return PreparedWorkload(
            unitsPerIteration: 1, iterate: { state.sample() }, finish: { () throws(HarnessError) in try state.finish() })
    }
}

/// The runner, tally and observers of a pumping or creating workload, kept between iterations (a class: the
/// closures of `PreparedWorkload` share it and the runner's buffers are reused).
private final class RunState<Adapter: EngineAdapter> {
    var runner: ScenarioRunner<Adapter>
    let scenario: Scenario
    let tally: Tally
    let observers: [Adapter.Observer]

    init(adapter: Adapter, workload: Workload, scenario: Scenario) throws(HarnessError) {
        runner = ScenarioRunner(adapter: adapter, workloadID: workload.id)
        self.scenario = scenario
        tally = try runner.tally(for: scenario, observers: scenario.subscribers)
        observers = runner.observers(for: tally)
        runner.prepare(for: scenario)
    }

    func iterate() throws(HarnessError) {
        try runner.runChecked(scenario, tally: tally, observers: observers)
        // The same end of window as the harness's own count (`Harness.quiesce`).
        for queue in scenario.queues { queue.sync {} }
    }
}

/// A live chain on a subject beside its live siblings, as `Harness.measureLatency` sets it up.
private final class LatencyState<Adapter: EngineAdapter> {
    let adapter: Adapter
    var runner: ScenarioRunner<Adapter>
    let scenario: Scenario
    let tally: Tally
    let observers: [Adapter.Observer]
    var siblings: LiveSiblings<Adapter>
    var stream: Adapter.Stream?

    init(adapter: Adapter, workload: Workload) {
        self.adapter = adapter
        runner = ScenarioRunner(adapter: adapter, workloadID: workload.id)
        scenario = workload.make(1)
        // One observer per sibling, one for the sampled subscriptions.
        tally = Tally(observers: scenario.siblings + 1)
        observers = runner.observers(for: tally)
        siblings = LiveSiblings(
            adapter: adapter, order: scenario.disposalOrder, observers: Array(observers[..<scenario.siblings]))
    }

    func start() throws(HarnessError) {
        try runner.makeSubjects(scenario)
        let stream = try runner.stream(scenario)
        self.stream = stream
        runner.prepare(for: Scenario(flow: scenario.flow, subscribers: 1, expected: Checksum()))
        siblings.subscribeAll(to: stream)
    }

    /// `newest`: subscribe and dispose the sampled chain. `oldest`, `random`: dispose that sibling and
    /// subscribe its replacement at the end (the external driver times both).
    @inline(__always)
    func sample() {
        if scenario.disposalOrder == .newest {
            let subscription = adapter.subscribe(stream!, with: observers[scenario.siblings])
            adapter.dispose(subscription)
            // An asynchronous dispose finishes within its own iteration.
            adapter.waitUntilStopped?(subscription)
        } else {
            let slot = siblings.nextSlot()
            let subscription = siblings.take(slot)
            adapter.dispose(subscription)
            adapter.waitUntilStopped?(subscription)
            siblings.replace(at: slot, in: stream!)
        }
    }

    func finish() throws(HarnessError) {
        try runner.finishLatency(
            scenario, stream: stream!, observer: observers[scenario.siblings], siblings: &siblings, tally: tally)
    }
}
