import Dispatch
import RxBenchCore
import Synchronization

/// What the terminal observers of a run saw. Each observer folds its own values in order into its own
/// slot (see `Checksum`); the observer closures capture only this object and their slot index, and are
/// made once, before anything is measured. Per event an observer does one closure call, one multiply-add
/// and one increment: the same in every row.
///
/// For a feed that sends from several threads at once (`Feed.concurrent`) the order is not defined and one
/// observer may be called from several threads at once, so its observers instead add each value to a
/// shared sum and count it, both atomic wrapping adds (`inAnyOrder`).
final class Tally: @unchecked Sendable {
    // Written by the delivering thread(s); read by the harness only after `terminations` was signalled or
    // after a synchronous run returned, which orders the accesses.
    // Unchecked: the dynamic exclusivity check would otherwise run on every event of every engine.
    @exclusivity(unchecked) private var values = 0
    @exclusivity(unchecked) private var completions = 0
    @exclusivity(unchecked) private var errors = 0
    private let folds: UnsafeMutablePointer<Int>
    /// Set for a concurrent feed: every count goes here instead.
    private let shared: AtomicTally?
    private(set) var observers: [EventObserver] = []
    let terminations = DispatchSemaphore(value: 0)
    /// For a row that delivers asynchronously: the events (values and terminal events) of the lifecycle not
    /// yet delivered; the observer that delivers the last one signals `delivered`.
    private let outstanding = Atomic<Int>(0)
    let delivered = DispatchSemaphore(value: 0)

    /// A tally with `observers` independent observers. `countsDeliveries`: the observers also count down
    /// `outstanding` (an atomic per event, for rows that deliver asynchronously only: the others' observers
    /// stay as they were). `inAnyOrder`: the observers are safe for concurrent calls (a feed from several
    /// threads).
    init(observers count: Int, countsDeliveries: Bool = false, inAnyOrder: Bool = false) {
        let count = max(1, count)
        folds = .allocate(capacity: count)
        folds.initialize(repeating: 0, count: count)
        shared = inAnyOrder ? AtomicTally() : nil
        observers = (0..<count).map { slot in
            let plain = shared?.observer(terminations) ?? observer(slot: slot)
            return countsDeliveries ? countingObserver(plain) : plain
        }
    }

    /// Arms the count for one lifecycle of asynchronous delivery: `events` values and terminal events.
    func expectDeliveries(_ events: Int) {
        outstanding.store(events, ordering: .releasing)
    }

    private func countingObserver(_ plain: EventObserver) -> EventObserver {
        EventObserver(
            next: { [self] value in
                plain.next(value)
                countDelivery()
            },
            error: { [self] error in
                plain.error(error)
                countDelivery()
            },
            completed: { [self] in
                plain.completed()
                countDelivery()
            })
            .plain { [self] value in
                plain.next(value)
                countDelivery()
            }
    }

    private func countDelivery() {
        if outstanding.subtract(1, ordering: .acquiringAndReleasing).newValue == 0 { delivered.signal() }
    }

    deinit { folds.deallocate() }

    private func observer(slot: Int) -> EventObserver {
        nonisolated(unsafe) let fold = folds + slot  // this slot is written by one delivery at a time
        // Written once, called from both forms of `next` (EventObserverOf: the library rows' and plain Swift's).
        @inline(__always) @Sendable func count(_ value: Int) {
            values &+= 1
            fold.pointee = StreamFold.step(fold.pointee, value)
        }
        return EventObserver(
            next: { count($0) },
            error: { [self] _ in
                errors &+= 1
                terminations.signal()
            },
            completed: { [self] in
                completions &+= 1
                terminations.signal()
            })
            .plain { count($0) }
    }

    /// The combined checksum of every observer so far.
    var checksum: Checksum {
        if let shared { return shared.checksum }
        var fold = 0
        for slot in observers.indices { fold &+= folds[slot] }
        return Checksum(values: values, fold: fold, completions: completions, errors: errors)
    }

    func reset() {
        values = 0
        completions = 0
        errors = 0
        folds.update(repeating: 0, count: observers.count)
        shared?.reset()
    }
}

/// The counts of `Tally`'s observers for a concurrent feed: every observer adds to the same atomics, so
/// the checksum is exact whatever the interleaving (a dropped, duplicated or lost value changes it).
final class AtomicTally: Sendable {
    private let values = Atomic<Int>(0)
    private let sum = Atomic<Int>(0)
    private let completions = Atomic<Int>(0)
    private let errors = Atomic<Int>(0)

    func observer(_ terminations: DispatchSemaphore) -> EventObserver {
        EventObserver(
            next: { [self] in count($0) },
            error: { [self] _ in
                errors.wrappingAdd(1, ordering: .relaxed)
                terminations.signal()
            },
            completed: { [self] in
                completions.wrappingAdd(1, ordering: .relaxed)
                terminations.signal()
            })
            .plain { [self] in count($0) }
    }

    @inline(__always) private func count(_ value: Int) {
        values.wrappingAdd(1, ordering: .relaxed)
        sum.wrappingAdd(value, ordering: .relaxed)
    }

    /// Read after the run's threads were joined (the harness waits for its feed's threads and for every
    /// terminal event), which orders these loads after every add.
    var checksum: Checksum {
        Checksum(
            values: values.load(ordering: .relaxed), fold: sum.load(ordering: .relaxed),
            completions: completions.load(ordering: .relaxed), errors: errors.load(ordering: .relaxed))
    }

    func reset() {
        values.store(0, ordering: .relaxed)
        sum.store(0, ordering: .relaxed)
        completions.store(0, ordering: .relaxed)
        errors.store(0, ordering: .relaxed)
    }
}

/// Why a run produced no figure.
public enum HarnessError: Error, CustomStringConvertible, Sendable {
    case checksum(engine: String, workload: String, expected: Checksum, actual: Checksum)
    case unsupported(UnsupportedFlow)
    case timedOut(engine: String, workload: String)

    public var description: String {
        switch self {
        case let .checksum(engine, workload, expected, actual):
            "wrong checksum: \(engine) on \(workload): expected \(expected), got \(actual)"
        case let .unsupported(reason): reason.description
        case let .timedOut(engine, workload): "\(engine) on \(workload): no terminal event within 60 s"
        }
    }
}

/// Runs scenarios on one adapter. Buffers are kept between lifecycles so that the harness itself
/// allocates nothing inside a measured run.
struct ScenarioRunner<Adapter: EngineAdapter> {
    let adapter: Adapter
    let workloadID: String
    /// The row's id, read once: the failure paths inside the measured loops name it without asking the adapter,
    /// so that how the adapter makes its descriptor cannot change how the harness's own loops are compiled.
    private let engineID: String
    private var subjects: [Adapter.Subject] = []
    private var subscriptions: [Adapter.Subscription] = []
    /// The streams of a lifecycle's chains after the first (`Scenario.flows`), kept between lifecycles.
    private var otherStreams: [Adapter.Stream] = []
    /// The senders of a `Feed.spread`, kept between lifecycles.
    private var senders: [SubjectSender] = []
    /// Whether the scenario's stream on this row delivers asynchronously (set by `tally(for:observers:)`).
    private(set) var deliversAsynchronously = false

    /// The short-lived subscribers' observer of a concurrent feed: it ignores what it gets (from any thread).
    private var churnObserver: Adapter.Observer?

    init(adapter: Adapter, workloadID: String) {
        self.adapter = adapter
        self.workloadID = workloadID
        self.engineID = adapter.descriptor.id
    }

    /// Sizes the buffers for `scenario` outside any measured region.
    mutating func prepare(for scenario: Scenario) {
        subjects.reserveCapacity(scenario.subjects.count)
        subscriptions.reserveCapacity(scenario.subscribers + 1)
        otherStreams.reserveCapacity(scenario.flows.count)
        if case let .spread(targets, _, _) = scenario.feed { senders.reserveCapacity(targets.count) }
        if scenario.feed.isConcurrent, churnObserver == nil {
            churnObserver = adapter.nativeObserver(EventObserver(next: { _ in }).plain { _ in })
        }
    }

    /// The tally for `scenario` on this row, made outside any measured region: its flow is translated once to
    /// learn whether the row delivers it asynchronously; if so, the observers count deliveries, or the row is
    /// declined where the scenario's checksum needs synchronous delivery.
    mutating func tally(for scenario: Scenario, observers count: Int) throws(HarnessError) -> Tally {
        deliversAsynchronously = try feasibility(of: scenario)
        return Tally(observers: count, countsDeliveries: deliversAsynchronously, inAnyOrder: scenario.feed.isConcurrent)
    }

    /// Whether this row can run `scenario`, decided here and nowhere else: its subjects made, its feed's
    /// terminal events sendable, its flow translated (a feed from several threads only where the row's subjects
    /// take it), and the checksum's needs met by how the row delivers. Throws `.unsupported` with the reason;
    /// returns whether the row delivers the stream on other threads after the causing call returned.
    mutating func feasibility(of scenario: Scenario) throws(HarnessError) -> Bool {
        try makeSubjects(scenario)
        if let reason = scenario.feed.terminalEventsRefusal({ adapter.sender(for: subjects[$0]) }) {
            throw .unsupported(reason)
        }
        var asynchronous = adapter.deliversAsynchronously(try stream(scenario))
        for flow in scenario.flows.dropFirst() where adapter.deliversAsynchronously(try stream(flow)) { asynchronous = true }
        if let refusal = scenario.refusal(engine: engineID, deliversAsynchronously: asynchronous) {
            throw .unsupported(refusal)
        }
        return asynchronous
    }

    /// The native observers of `tally`, made once per workload outside any measured region (`nativeObserver`).
    func observers(for tally: Tally) -> [Adapter.Observer] {
        tally.observers.map(adapter.nativeObserver)
    }

    /// Runs every lifecycle of `scenario` and returns what its observers saw. Subscriber `i` of every
    /// lifecycle subscribes with `observers[i]`.
    mutating func run(_ scenario: Scenario, tally: Tally, observers: [Adapter.Observer]) throws(HarnessError) -> Checksum {
        tally.reset()
        for _ in 0..<scenario.lifecycles {
            try makeSubjects(scenario)
            let stream = try stream(scenario)
            // Asynchronous delivery: the run waits until the lifecycle's events have arrived, then disposes.
            let events = deliversAsynchronously ? eventsPerLifecycle(scenario) : 0
            if deliversAsynchronously { tally.expectDeliveries(events) }
            if scenario.flows.count == 1 {
                for index in 0..<scenario.subscribers {
                    subscriptions.append(adapter.subscribe(stream, with: observers[index]))
                }
            } else {
                // Several chains (a cell's bindings): the others are translated here, in the lifecycle, as the
                // first is, into a buffer that keeps its capacity.
                otherStreams.removeAll(keepingCapacity: true)
                for flow in scenario.flows.dropFirst() { otherStreams.append(try self.stream(flow)) }
                for index in 0..<scenario.subscribers {
                    let chain = index % scenario.flows.count
                    subscriptions.append(adapter.subscribe(chain == 0 ? stream : otherStreams[chain - 1], with: observers[index]))
                }
            }
            switch scenario.feed {
            case let .concurrent(concurrent): feed(concurrent, churning: stream)
            case let .churning(subject, count): churn(subject: subject, count: count, on: stream, observers: observers)
            case let .spread(targets, count, trigger): spread(targets, count: count, trigger: trigger)
            default: feed(scenario.feed)
            }
            try awaitDeliveries(scenario, events: events, tally: tally)
            disposeAll()
        }
        return tally.checksum
    }

    /// Where delivery is asynchronous, waits until the lifecycle's `events` have arrived; where the scenario
    /// completes on a queue, until every subscriber's terminal event.
    private func awaitDeliveries(_ scenario: Scenario, events: Int, tally: Tally) throws(HarnessError) {
        if deliversAsynchronously {
            if events > 0, tally.delivered.wait(timeout: .now() + 60) == .timedOut {
                throw .timedOut(engine: engineID, workload: workloadID)
            }
        } else if scenario.awaitsTermination {
            for _ in 0..<scenario.subscribers where tally.terminations.wait(timeout: .now() + 60) == .timedOut {
                throw .timedOut(engine: engineID, workload: workloadID)
            }
        }
    }

    /// One lifecycle of `scenario` (one chain, fed by `.counting`) with `consumer`, the queue its observer runs
    /// on, kept busy until the feed has ended: returns the requested bytes the feed left live, which is what
    /// the row keeps for values its consumer has not taken (nil where the tracker overflowed); then frees the
    /// consumer, waits for the terminal event and checks the checksum.
    mutating func bytesHeld(
        _ scenario: Scenario, consumer: DispatchQueue, tally: Tally, observers: [Adapter.Observer]
    ) throws(HarnessError) -> Int? {
        tally.reset()
        try makeSubjects(scenario)
        let stream = try stream(scenario)
        let events = deliversAsynchronously ? eventsPerLifecycle(scenario) : 0
        if deliversAsynchronously { tally.expectDeliveries(events) }
        // Busy before the subscription: a row whose consuming task starts on the queue (async-stream) would
        // otherwise take values while the feed begins, as many as the threads' race allows.
        let consumerFree = DispatchSemaphore(value: 0)
        consumer.async { consumerFree.wait() }
        keep(adapter.subscribe(stream, with: observers[0]))
        let held = AllocationCounter.liveBytes { feed(scenario.feed) }
        consumerFree.signal()
        try awaitDeliveries(scenario, events: events, tally: tally)
        disposeAll()
        try check(tally.checksum, against: scenario)
        return held
    }

    /// Values and terminal events every lifecycle of `scenario` delivers.
    private func eventsPerLifecycle(_ scenario: Scenario) -> Int {
        let expected = scenario.expected
        return (expected.values + expected.completions + expected.errors) / max(1, scenario.lifecycles)
    }

    /// Runs `scenario` and fails unless its checksum is the expected one.
    mutating func runChecked(
        _ scenario: Scenario, tally: Tally, observers: [Adapter.Observer]
    ) throws(HarnessError) {
        // Two statements: in `check(run(...))` the call would read `self` before `run` mutates it, and that
        // copy made `run`'s arrays copy on write, an allocation per iteration (package-benchmark's intercept
        // check caught it: one or two mallocs per iteration on every creating workload).
        let actual = try run(scenario, tally: tally, observers: observers)
        try check(actual, against: scenario)
    }

    /// Fails unless `actual` is `scenario`'s checksum: a wrong run is an error, never a figure.
    func check(_ actual: Checksum, against scenario: Scenario) throws(HarnessError) {
        guard actual == scenario.expected else {
            throw .checksum(
                engine: engineID, workload: workloadID, expected: scenario.expected, actual: actual)
        }
    }

    /// The end of a latency workload (the harness's and an external driver's): one more chain on `stream`,
    /// subscribed with `observer` beside the live `siblings`, the feed through all of them, every chain
    /// disposed, and the checksum, which proves the sampled chain was live.
    mutating func finishLatency(
        _ scenario: Scenario, stream: Adapter.Stream, observer: Adapter.Observer,
        siblings: inout LiveSiblings<Adapter>, tally: Tally
    ) throws(HarnessError) {
        keep(adapter.subscribe(stream, with: observer))
        tally.reset()
        feed(scenario.feed)
        disposeAll()
        siblings.disposeAll()
        try check(tally.checksum, against: scenario)
    }

    mutating func makeSubjects(_ scenario: Scenario) throws(HarnessError) {
        subjects.removeAll(keepingCapacity: true)
        do {
            for kind in scenario.subjects { subjects.append(try adapter.makeSubject(kind)) }
        } catch {
            throw .unsupported(error)
        }
    }

    func stream(_ scenario: Scenario) throws(HarnessError) -> Adapter.Stream {
        if scenario.feed.isConcurrent, let reason = adapter.concurrentSendingUnsupported { throw .unsupported(reason) }
        return try stream(scenario.flow)
    }

    func stream(_ flow: Flow) throws(HarnessError) -> Adapter.Stream {
        do { return try adapter.stream(flow, subjects: subjects) } catch { throw .unsupported(error) }
    }

    func feed(_ feed: Feed) {
        switch feed {
        case let .counting(index, _, thenComplete):
            let sender = adapter.sender(for: subjects[index])
            for value in feed.values { sender.next(value) }
            if thenComplete { sender.completed() }
        case .none, .concurrent, .churning, .spread:
            return
        }
    }

    /// `Feed.spread`: each subject's sender made once per lifecycle, into a buffer that keeps its capacity.
    mutating func spread(_ targets: [Int], count: Int, trigger: Int?) {
        senders.removeAll(keepingCapacity: true)
        for target in targets { senders.append(adapter.sender(for: subjects[target])) }
        for value in 0..<count { senders[value % senders.count].next(value) }
        if let trigger { adapter.sender(for: subjects[trigger]).next(count) }
    }

    /// `Feed.churning` (a scenario of one chain): before each value the oldest subscription leaves and its
    /// observer joins again, at the end of the subject's subscribers. Where dispose is asynchronous the left
    /// consumer is not waited for (that wait is `dispose_until_stopped`'s figure): one that took the next value
    /// would fail the checksum, never give a figure.
    mutating func churn(subject: Int, count: Int, on stream: Adapter.Stream, observers: [Adapter.Observer]) {
        let sender = adapter.sender(for: subjects[subject])
        for value in 0..<count {
            let oldest = value % subscriptions.count
            adapter.dispose(subscriptions[oldest])
            subscriptions[oldest] = adapter.subscribe(stream, with: observers[oldest])
            sender.next(value)
        }
    }

    /// Each sender queue sends its share into the subject while the churn queue subscribes and disposes
    /// short-lived subscribers to `stream`; once all have finished, the subject completes. The blocks are
    /// made per lifecycle (a few allocations, the same in the runs of n and of 2n, so they cancel in the
    /// difference). Engines take subscribe, dispose and sends from any thread, which is why the stream and
    /// observer may cross threads here.
    func feed(_ feed: ConcurrentFeed, churning stream: Adapter.Stream) {
        let sender = adapter.sender(for: subjects[feed.subject])
        let group = DispatchGroup()
        for (queue, share) in zip(feed.senders, feed.shares) {
            queue.async(group: group) {
                for value in share { sender.next(value) }
            }
        }
        nonisolated(unsafe) let stream = stream
        nonisolated(unsafe) let observer = churnObserver!
        let adapter = adapter
        feed.churn.async(group: group) {
            for _ in 0..<feed.churnCycles { adapter.dispose(adapter.subscribe(stream, with: observer)) }
        }
        group.wait()
        sender.completed()
    }


    /// Disposes every subscription; where delivery is asynchronous, also waits until each consumer has
    /// stopped, so that nothing of this lifecycle runs into the next.
    mutating func disposeAll() {
        // By index: in a debug build, disposing with `for subscription in subscriptions` cost a malloc per
        // lifecycle on every row's figure (HarnessStubTests: a row whose lifecycle allocates k objects read
        // k + 1; the loop's copy of the array made `removeAll(keepingCapacity:)` below reallocate, it seems).
        for index in subscriptions.indices { adapter.dispose(subscriptions[index]) }
        if deliversAsynchronously, let waitUntilStopped = adapter.waitUntilStopped {
            for subscription in subscriptions { waitUntilStopped(subscription) }
        }
        subscriptions.removeAll(keepingCapacity: true)
    }

    mutating func keep(_ subscription: Adapter.Subscription) {
        subscriptions.append(subscription)
    }
}
