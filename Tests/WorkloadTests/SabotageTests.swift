import Conformance
import Measurement
import RxBenchCore
import RxBenchResults
import SinkAdapter
import Testing
import Workloads
import TestSupport

/// The checksum must see every stage and the order of events: an engine that skips a transform, swaps
/// two events, or duplicates one and drops another must get no figure. Each case wraps a correct engine
/// (`sink`) and breaks it in one way.
@Suite("A broken engine gets no figure", .engineExclusive, .timeLimit(.minutes(5)))
struct SabotageTests {
    static let options = MeasureOptions(
        warmupRuns: 0, repetitions: 1, allocationRepetitions: 1, allocationSize: 4, liveSubscriptionProbe: 2)

    static let workloads = [
        "CreateMapFilter", "MapFilterPumping", "MapDepth[depth=8]", "SubjectFanOut[subscribers=100]",
        "DisposeLatencyMixed[depth=10,siblings=0]",
    ]

    @Test("the unbroken wrapper passes", arguments: workloads)
    func control(workloadID: String) throws {
        let workload = try #require(Catalogue.select(workloadID)?.first)
        let rows = try Harness(adapter: Saboteur(.none), options: Self.options).measure(workload, size: 300)
        #expect(!rows.isEmpty)
    }

    @Test("refused", arguments: [Sabotage.skipFirstMap, .swapEvents, .duplicateThenDrop], workloads)
    func refused(_ sabotage: Sabotage, workloadID: String) throws {
        let workload = try #require(Catalogue.select(workloadID)?.first)
        #expect(throws: HarnessError.self) {
            try Harness(adapter: Saboteur(sabotage), options: Self.options).measure(workload, size: 300)
        }
    }
}

extension SabotageTests {
    /// Workloads whose flow ends in a one-input stage that changes values (a map, filter, flatMap, scan, ...):
    /// dropping that stage, wherever it sits in the chain's kind, must cost the figure. Stages that pass
    /// values on unchanged (tap, subscribeOn, observeOn) are not in the list: dropping them changes no value.
    static let outermostStageWorkloads: [String] = Catalogue.all.filter { workload in
        Saboteur.droppableStage(workload.make(4).flow) != nil
    }.map(\.id)

    /// The figures of a run, or nil when the harness refused them.
    static func figures(_ workload: Workload, _ adapter: Saboteur) -> [ResultRow]? {
        let harness = Harness(adapter: adapter, options: options)
        do {
            return try harness.measure(workload, size: 300)
        } catch {
            return nil
        }
    }

    static func mallocsPerLifecycle(_ rows: [ResultRow]) -> Double? {
        rows.first { $0.metric == .mallocsPerLifecycle }?.summary?.median
    }

    @Test("the workloads whose last stage can be dropped include every chain kind")
    func outermostStageCoverage() {
        for id in ["MapFilterPumping", "FlatMapsPumping", "FlatMapLatestPumping", "FlatMapsCreating", "MapFilterCreating"] {
            #expect(Self.outermostStageWorkloads.contains(id), "\(id)")
        }
    }

    /// Refused by the checksum, or, where no value crosses the stage, seen by the exact allocation count.
    /// A lifecycle that sends one value through a filter that passes it (MapFilterCreating), or none at all
    /// (NeverMapLifecycle), gives no observer anything by which to tell the filter or the map is gone: no
    /// checksum can. Those figures are guarded by their exact counts, which CI gates against
    /// results/reference/: the test checks that dropping the stage moves the count.
    @Test("dropping the last stage is refused, or moves the exact allocation count",
          .enabled(if: AllocationCounter.isCompiledIn, "not checked: the counter is not compiled into sanitizer builds (ThreadSanitizer replaces malloc)"),
          arguments: outermostStageWorkloads)
    func outermostStage(workloadID: String) throws {
        let workload = try #require(Catalogue.select(workloadID)?.first)
        let intact = try Harness(adapter: Saboteur(.none), options: Self.options).measure(workload, size: 300)
        guard let broken = Self.figures(workload, Saboteur(.skipOutermostStage)) else { return }  // refused
        #expect(workload.shape == .creating, "a pumping workload's checksum must see every stage")
        let before = try #require(Self.mallocsPerLifecycle(intact))
        let after = try #require(Self.mallocsPerLifecycle(broken))
        #expect(after < before, "the dropped stage's allocations are gone from the exact count: \(before) -> \(after)")
    }
}

extension SabotageTests {
    /// The latency path: an engine whose dispose does nothing leaves every sampled subscription attached,
    /// and the value sent after sampling reaches them all.
    @Test("a dispose that does nothing is refused on the latency path", arguments: [
        "DisposeLatency[depth=10,siblings=0]", "DisposeLatency[depth=1,siblings=100]",
        "DisposeLatency[depth=1,siblings=100,order=oldest]", "DisposeLatency[depth=1,siblings=100,order=random]",
        "DisposeLatencyMixed[depth=10,siblings=0]",
    ])
    func ignoredDispose(workloadID: String) throws {
        let workload = try #require(Catalogue.select(workloadID)?.first)
        _ = try Harness(adapter: Saboteur(.none), options: Self.options).measure(workload, size: 50)
        // A dispose that does nothing leaves sink's objects alive for good; the suite runs holding the right
        // to run engines (`.engineExclusive`), so no live-object balance begins before this leak and ends
        // after it.
        #expect(throws: HarnessError.self) {
            try Harness(adapter: Saboteur(.ignoreDispose), options: Self.options).measure(workload, size: 50)
        }
    }
}

extension SabotageTests {
    /// The one-result chain: a figure is refused when the map or the second request is left out.
    @Test("SingleChain: a skipped stage is refused", arguments: [Sabotage.skipFirstMap, .skipSecondRequest])
    func singleChain(_ sabotage: Sabotage) throws {
        let workload = try #require(Catalogue.select("SingleChain")?.first)
        _ = try Harness(adapter: Saboteur(.none), options: Self.options).measure(workload, size: 300)
        #expect(throws: HarnessError.self) {
            try Harness(adapter: Saboteur(sabotage), options: Self.options).measure(workload, size: 300)
        }
    }
}

enum Sabotage: Sendable, Equatable, CustomTestStringConvertible {
    case none
    /// The first `map` of the flow is left out, as a fusion that drops a stage would.
    case skipFirstMap
    /// The flow's last stage, when it has one input and changes values, is left out (a fused or
    /// short-cut chain that drops a flatMap, a scan, ...).
    case skipOutermostStage
    /// Events 10 and 11 reach the observer in the opposite order.
    case swapEvents
    /// Event 10 is delivered twice and event 11 never.
    case duplicateThenDrop
    /// `dispose` does nothing.
    case ignoreDispose
    /// The answer of a one-result flow goes on without the second request it should select.
    case skipSecondRequest
    /// The value 11 never arrives (keyed by value: safe when values arrive from several threads at once).
    case dropValue
    /// The value 11 arrives twice.
    case duplicateValue
    /// The value 10 arrives twice and 11 never: the count is right, the sum is not.
    case duplicateOneDropAnother

    var testDescription: String { "\(self)" }
}

/// `sink`, broken on purpose.
struct Saboteur: EngineAdapter {
    let sabotage: Sabotage
    let base = SinkAdapter()
    init(_ sabotage: Sabotage) { self.sabotage = sabotage }

    var descriptor: EngineDescriptor { EngineDescriptor(id: "saboteur", role: .variant, modelledOn: "sink, broken") }

    func stream(_ flow: Flow, subjects: [SinkAdapter.Subject]) throws(UnsupportedFlow) -> SinkAdapter.Stream {
        switch sabotage {
        case .skipFirstMap: try base.stream(Self.withoutFirstMap(flow), subjects: subjects)
        case .skipSecondRequest: try base.stream(Self.withoutSecondRequest(flow), subjects: subjects)
        case .skipOutermostStage: try base.stream(Self.droppableStage(flow) ?? flow, subjects: subjects)
        default: try base.stream(flow, subjects: subjects)
        }
    }

    /// The flow without its last stage, if that stage has one input and changes values; nil otherwise.
    static func droppableStage(_ flow: Flow) -> Flow? {
        switch flow {
        case .tap, .subscribeOn, .observeOn, .asSingle, .system, .merge, .concat, .combineLatest, .zip: return nil
        default: return flow.inputs.count == 1 ? flow.inputs[0] : nil
        }
    }

    static func withoutSecondRequest(_ flow: Flow) -> Flow {
        if case .singleFlatMap(let source, _) = flow { source } else { flow }
    }

    static func withoutFirstMap(_ flow: Flow) -> Flow {
        switch flow {
        case .map(let source, _): source
        case .filter(let source, let predicate): .filter(withoutFirstMap(source), predicate)
        case .singleFlatMap(let source, let selector): .singleFlatMap(withoutFirstMap(source), selector)
        // The app scenarios' maps sit under a distinct, a reduce, a takeUntil or an observeOn (AppScenarioTests).
        case .distinctUntilChanged(let source): .distinctUntilChanged(withoutFirstMap(source))
        case .observeOn(let source, let scheduler): .observeOn(withoutFirstMap(source), scheduler)
        case .reduce(let source, let seed, let accumulator): .reduce(withoutFirstMap(source), seed: seed, accumulator)
        case .takeUntil(let source, let trigger): .takeUntil(withoutFirstMap(source), trigger: trigger)
        default: flow
        }
    }

    func nativeObserver(_ observer: EventObserver) -> SinkAdapter.Observer {
        if let byValue = Self.brokenByValue(observer, sabotage) { return base.nativeObserver(byValue) }
        let reordering = Reordering(observer, sabotage: sabotage)
        return base.nativeObserver(
            EventObserver(next: { reordering.next($0) }, error: { observer.error($0) }, completed: { observer.completed() }))
    }

    /// The value-keyed sabotages: stateless, so safe for concurrent calls.
    static func brokenByValue(_ observer: EventObserver, _ sabotage: Sabotage) -> EventObserver? {
        let next: @Sendable (Int) -> Void
        switch sabotage {
        case .dropValue: next = { value in if value != 11 { observer.next(value) } }
        case .duplicateValue:
            next = { value in
                observer.next(value)
                if value == 11 { observer.next(value) }
            }
        case .duplicateOneDropAnother:
            next = { value in
                if value != 11 { observer.next(value) }
                if value == 10 { observer.next(value) }
            }
        default: return nil
        }
        return EventObserver(next: next, error: { observer.error($0) }, completed: { observer.completed() })
    }

    func subscribe(_ stream: SinkAdapter.Stream, with observer: SinkAdapter.Observer) -> SinkAdapter.Subscription {
        base.subscribe(stream, with: observer)
    }
    func dispose(_ subscription: SinkAdapter.Subscription) {
        if sabotage != .ignoreDispose { base.dispose(subscription) }
    }
    func makeSubject(_ kind: SubjectKind) -> SinkAdapter.Subject { base.makeSubject(kind) }
    func sender(for subject: SinkAdapter.Subject) -> SubjectSender { base.sender(for: subject) }
}

/// Delivers values to `observer`, changing the 10th and 11th as the sabotage says.
final class Reordering: @unchecked Sendable {
    private let observer: EventObserver
    private let sabotage: Sabotage
    private var index = 0
    private var held: Int?

    init(_ observer: EventObserver, sabotage: Sabotage) {
        self.observer = observer
        self.sabotage = sabotage
    }

    func next(_ value: Int) {
        index += 1
        switch (sabotage, index) {
        case (.swapEvents, 10):
            held = value
        case (.swapEvents, 11):
            observer.next(value)
            observer.next(held!)
        case (.duplicateThenDrop, 10):
            observer.next(value)
            observer.next(value)
        case (.duplicateThenDrop, 11):
            break
        default:
            observer.next(value)
        }
    }
}
