import Measurement
import RxBenchCore
import SinkAdapter
import Testing
import Workloads
import TestSupport

/// The disposal order a latency workload names is the one its samples follow: `sink`, wrapped so that
/// every dispose is recorded with the age of the subscription among those live on the stream.
@Suite("Disposal order", .engineExclusive, .timeLimit(.minutes(5)))
struct DisposalOrderTests {
    static let options = MeasureOptions(
        warmupRuns: 0, repetitions: 1, allocationRepetitions: 1, allocationSize: 4, liveSubscriptionProbe: 2)
    static let samples = 50

    /// The disposes of the sampling phase: those before the final `siblings + 1` (siblings and the last
    /// measured chain), the last `samples` of them (the probe and the warm-up come before).
    static func sampled(_ workloadID: String) throws -> (log: [DisposeRecord], siblings: Int) {
        let workload = try #require(Catalogue.select(workloadID)?.first, "\(workloadID) is not in the catalogue")
        let siblings = workload.make(1).siblings
        let recorder = DisposeRecorder()
        let rows = try Harness(adapter: RecordingAdapter(recorder), options: Self.options)
            .measure(workload, size: Self.samples)
        #expect(rows.contains { $0.metric == .disposeLatency })
        #expect(recorder.live.isEmpty, "every subscription is disposed at the end")
        return (Array(recorder.log.dropLast(siblings + 1).suffix(Self.samples)), siblings)
    }

    @Test("newest: each sample disposes the subscription it has just made")
    func newest() throws {
        let (log, siblings) = try Self.sampled("DisposeLatency[depth=1,siblings=100]")
        #expect(log.count == Self.samples)
        for record in log {
            #expect(record.age == record.liveCount - 1 && record.liveCount == siblings + 1)
            #expect(record.serial == record.newestSerial)
        }
    }

    @Test("oldest: each sample disposes the oldest live sibling", arguments: [
        "DisposeLatency[depth=1,siblings=100,order=oldest]", "DisposeLatencyMixed[depth=10,siblings=100,order=oldest]",
    ])
    func oldest(workloadID: String) throws {
        let (log, siblings) = try Self.sampled(workloadID)
        #expect(log.count == Self.samples)
        for record in log { #expect(record.age == 0 && record.liveCount == siblings) }
        // Replacements are disposed in turn once the originals are gone: FIFO over the replacements too.
        #expect(zip(log, log.dropFirst()).allSatisfy { $0.serial < $1.serial })
    }

    @Test("random: a live sibling chosen by a fixed seed, the same sequence every run")
    func random() throws {
        let id = "DisposeLatency[depth=1,siblings=100,order=random]"
        let (first, siblings) = try Self.sampled(id)
        let (second, _) = try Self.sampled(id)
        #expect(first.count == Self.samples)
        #expect(first.map(\.age) == second.map(\.age), "deterministic")
        for record in first { #expect(record.liveCount == siblings && record.age < siblings) }
        let ages = Set(first.map(\.age))
        #expect(ages.count > Self.samples / 2, "spread over the siblings, not one position: \(ages.sorted())")
        #expect(!ages.isSubset(of: [0, siblings - 1]))
    }

    @Test("ids: newest keeps the ids without an order; the others name theirs")
    func ids() {
        let ids = Set(Catalogue.select("dispose")!.map(\.id))
        for id in [
            "DisposeLatency[depth=64,siblings=0]", "DisposeLatency[depth=1,siblings=10000]",
            "DisposeLatency[depth=1,siblings=100,order=oldest]", "DisposeLatency[depth=1,siblings=10000,order=random]",
            "DisposeLatencyMixed[depth=1,siblings=0]", "DisposeLatencyMixed[depth=64,siblings=0]",
            "DisposeLatencyMixed[depth=10,siblings=100,order=random]",
        ] {
            #expect(ids.contains(id), "\(id) missing")
        }
        #expect(!ids.contains { $0.contains("order=newest") })
    }

    @Test("the mixed chain alternates map and filter, depth stages")
    func mixedStages() throws {
        let workload = try #require(Catalogue.select("DisposeLatencyMixed[depth=10,siblings=0]")?.first)
        var stages: [String] = []
        var flow = workload.make(1).flow
        while true {
            switch flow {
            case let .map(source, _): stages.append("map"); flow = source
            case let .filter(source, _): stages.append("filter"); flow = source
            default: #expect(stages.reversed() == Array(repeating: ["map", "filter"], count: 5).flatMap { $0 }); return
            }
        }
    }
}

/// One dispose: which subscription (its serial, in subscribe order), how many were live on the stream
/// then, and its age among them (0 = the oldest live, `liveCount - 1` = the newest).
struct DisposeRecord {
    let serial: Int
    let age: Int
    let liveCount: Int
    let newestSerial: Int
}

final class DisposeRecorder: @unchecked Sendable {
    /// Serials of the live subscriptions, oldest first.
    var live: [Int] = []
    var log: [DisposeRecord] = []
    var nextSerial = 0
}

/// `sink`, recording every subscribe and dispose.
struct RecordingAdapter: EngineAdapter {
    struct Subscription {
        let serial: Int
        let base: SinkAdapter.Subscription
    }

    let recorder: DisposeRecorder
    let base = SinkAdapter()
    init(_ recorder: DisposeRecorder) { self.recorder = recorder }

    var descriptor: EngineDescriptor { EngineDescriptor(id: "recording", role: .variant, modelledOn: "sink, recorded") }

    func stream(_ flow: Flow, subjects: [SinkAdapter.Subject]) throws(UnsupportedFlow) -> SinkAdapter.Stream {
        try base.stream(flow, subjects: subjects)
    }
    func nativeObserver(_ observer: EventObserver) -> SinkAdapter.Observer { base.nativeObserver(observer) }
    func subscribe(_ stream: SinkAdapter.Stream, with observer: SinkAdapter.Observer) -> Subscription {
        let serial = recorder.nextSerial
        recorder.nextSerial += 1
        recorder.live.append(serial)
        return Subscription(serial: serial, base: base.subscribe(stream, with: observer))
    }
    func dispose(_ subscription: Subscription) {
        let age = recorder.live.firstIndex(of: subscription.serial)!
        recorder.log.append(DisposeRecord(
            serial: subscription.serial, age: age, liveCount: recorder.live.count, newestSerial: recorder.live.last!))
        recorder.live.remove(at: age)
        base.dispose(subscription.base)
    }
    func makeSubject(_ kind: SubjectKind) -> SinkAdapter.Subject { base.makeSubject(kind) }
    func sender(for subject: SinkAdapter.Subject) -> SubjectSender { base.sender(for: subject) }
}
