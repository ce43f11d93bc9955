import Dispatch
import Synchronization
import EngineRegistry
import Measurement
import RxBenchCore
import RxBenchResults
import Testing
import Workloads
import TestSupport

/// The harness held against stub adapters whose costs are known exactly: what it reports must be those
/// costs, not the harness's own.
@Suite("The harness on stub adapters of known cost", .serialized, .engineExclusive, .timeLimit(.minutes(5)))
struct HarnessStubTests {
    static let options = MeasureOptions(
        warmupRuns: 1, repetitions: 3, allocationRepetitions: 2, allocationSize: 64, liveSubscriptionProbe: 4)

    /// Every lifecycle of `KnownAllocations(k)` allocates exactly k objects (its subscription), so the exact
    /// count must read k per lifecycle: no more (the harness's own work leaking into the count), no less.
    @Test(
        "a lifecycle that allocates k objects reads exactly k mallocs per lifecycle",
        .enabled(if: AllocationCounter.isCalibrated, "not checked: malloc is not interposed in this process (a sanitizer build)"),
        arguments: [0, 1, 3])
    func knownAllocations(k: Int) throws {
        let workload = try #require(Workloads.Catalogue.select("NeverMapLifecycle[depth=1]")?.first)
        let rows = try Harness(adapter: KnownAllocations(k), options: Self.options).measure(workload, size: 1_000)
        let mallocs = try #require(rows.first { $0.metric == .mallocsPerLifecycle }?.summary)
        #expect(mallocs.median == Double(k), "\(mallocs)")
        #expect(mallocs.min == Double(k) && mallocs.max == Double(k), "every repetition exact: \(mallocs)")
        // Each is a `Link`: a Swift object's 16-byte header and one stored reference, 24 bytes asked for.
        let bytes = try #require(rows.first { $0.metric == .bytesPerLifecycle }?.summary)
        #expect(bytes.min == Double(24 * k) && bytes.max == Double(24 * k), "\(bytes)")
    }

    /// A subscribe that spins 2 ms must show in the subscribe latency and not in the dispose latency: the
    /// dispose is timed from the subscribe's return. Structural, not a performance claim: 0.5 ms is far
    /// above any dispose of `baseline` and far below the spin.
    @Test(
        "a slow subscribe stays out of the dispose latency",
        arguments: ["DisposeLatency[depth=1,siblings=0]", "DisposeLatency[depth=1,siblings=100,order=oldest]"])
    func slowSubscribe(workloadID: String) throws {
        let workload = try #require(Workloads.Catalogue.select(workloadID)?.first)
        let base = try #require(EngineRegistry.engine(id: "baseline")).adapter
        let rows = try Self.measureSlow(base, workload)
        let dispose = try #require(rows.first { $0.metric == .disposeLatency }?.summary)
        #expect(dispose.median < Double(spinNanoseconds) / 4, "dispose latency \(dispose)")
        if let subscribe = rows.first(where: { $0.metric == .subscribeLatency })?.summary {
            // The spin is in the timed subscribe (order newest): the stub does cost what it claims.
            #expect(subscribe.min >= Double(spinNanoseconds), "subscribe latency \(subscribe)")
        }
    }

    /// A row whose counts differ between repetitions: reported as they are where it says nothing (the gate
    /// then fails them as not exact), unavailable where it says they depend on what ran before.
    @Test(
        "counts that differ between repetitions are unavailable only where the row says they depend on history",
        .enabled(if: AllocationCounter.isCalibrated, "not checked: malloc is not interposed in this process (a sanitizer build)"),
        arguments: [false, true])
    func historyDependentCounts(declared: Bool) throws {
        let workload = try #require(Workloads.Catalogue.select("NeverMapLifecycle[depth=1]")?.first)
        let rows = try Harness(adapter: DriftingAllocations(declared: declared), options: Self.options).measure(workload, size: 1_000)
        for metric in [Metric.mallocsPerLifecycle, .bytesPerLifecycle] {
            let row = try #require(rows.first { $0.metric == metric })
            if declared {
                #expect(row.summary == nil && row.flag == .unavailable, "\(metric): \(String(describing: row.summary))")
            } else {
                let counts = try #require(row.summary, "\(metric)")
                #expect(counts.min != counts.max, "the stub's counts must differ between repetitions: \(counts)")
            }
        }
    }

    private static func measureSlow<A: EngineAdapter>(_ base: A, _ workload: Workload) throws -> [ResultRow] {
        try Harness(adapter: SlowSubscribe(base), options: options).measure(workload, size: 20)
    }
}

/// One object of a subscription of `KnownAllocations`: each is one heap allocation.
private final class Link {
    let next: Link?
    init(_ next: Link?) { self.next = next }
}

/// A row that can run `never`-sourced lifecycles only, and whose every subscribe allocates exactly `k`
/// objects (a chain of `Link`s kept by the subscription); nothing else it does allocates.
private struct KnownAllocations: EngineAdapter {
    let k: Int
    init(_ k: Int) { self.k = k }

    var descriptor: EngineDescriptor { EngineDescriptor(id: "known-allocations", role: .reference, modelledOn: "a stub") }

    func stream(_ flow: Flow, subjects: [Void]) throws(UnsupportedFlow) -> Int { k }
    func nativeObserver(_ observer: EventObserver) -> EventObserver { observer }
    func subscribe(_ stream: Int, with observer: EventObserver) -> Link? {
        var head: Link?
        for _ in 0..<stream { head = Link(head) }
        return head
    }
    func dispose(_ subscription: Link?) {}
    func makeSubject(_ kind: SubjectKind) throws(UnsupportedFlow) {
        throw UnsupportedFlow(engine: descriptor.id, operation: "subjects")
    }
    func sender(for subject: Void) -> SubjectSender { SubjectSender(next: { _ in }, error: { _ in }, completed: {}) }
}

/// How long `SlowSubscribe`'s subscribe spins: 2 ms.
private let spinNanoseconds: UInt64 = 2_000_000

/// `base` whose subscribe spins `spinNanoseconds` before subscribing.
private struct SlowSubscribe<Base: EngineAdapter>: EngineAdapter {
    let base: Base
    init(_ base: Base) { self.base = base }

    var descriptor: EngineDescriptor { EngineDescriptor(id: "slow-subscribe", role: .reference, modelledOn: "a stub") }
    func stream(_ flow: Flow, subjects: [Base.Subject]) throws(UnsupportedFlow) -> Base.Stream {
        try base.stream(flow, subjects: subjects)
    }
    func nativeObserver(_ observer: EventObserver) -> Base.Observer { base.nativeObserver(observer) }
    func subscribe(_ stream: Base.Stream, with observer: Base.Observer) -> Base.Subscription {
        let end = DispatchTime.now().uptimeNanoseconds + spinNanoseconds
        while DispatchTime.now().uptimeNanoseconds < end {}
        return base.subscribe(stream, with: observer)
    }
    func dispose(_ subscription: Base.Subscription) { base.dispose(subscription) }
    func makeSubject(_ kind: SubjectKind) throws(UnsupportedFlow) -> Base.Subject { try base.makeSubject(kind) }
    func sender(for subject: Base.Subject) -> SubjectSender { base.sender(for: subject) }
}


/// A `KnownAllocations` whose subscribes allocate more as the process goes on (one `Link` more every 300 calls), as
/// a table that grows with what came before would: a later repetition counts more, so its repetitions disagree.
private struct DriftingAllocations: EngineAdapter {
    let declared: Bool
    private static let subscribes = Atomic<Int>(0)

    var descriptor: EngineDescriptor { EngineDescriptor(id: "drifting-allocations", role: .reference, modelledOn: "a stub") }
    var allocationCountsDependOnHistory: String? { declared ? "a stub whose later subscribes allocate more" : nil }

    func stream(_ flow: Flow, subjects: [Void]) throws(UnsupportedFlow) -> Int { 1 }
    func nativeObserver(_ observer: EventObserver) -> EventObserver { observer }
    func subscribe(_ stream: Int, with observer: EventObserver) -> Link? {
        let call = Self.subscribes.add(1, ordering: .relaxed).newValue
        var head: Link?
        for _ in 0...(call / 300) { head = Link(head) }
        return head
    }
    func dispose(_ subscription: Link?) {}
    func makeSubject(_ kind: SubjectKind) throws(UnsupportedFlow) {
        throw UnsupportedFlow(engine: descriptor.id, operation: "subjects")
    }
    func sender(for subject: Void) -> SubjectSender { SubjectSender(next: { _ in }, error: { _ in }, completed: {}) }
}
