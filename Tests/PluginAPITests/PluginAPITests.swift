import RxBenchKit
import Testing

/// The out-of-tree example (Examples/CustomEngine) through the public plug-in API, in the root package's
/// tests: its adapter and engine sources are linked here, not copied, and this target imports only
/// RxBenchKit's modules without `@testable`, so a change to the public API that breaks the example fails
/// `swift test` (building the example's own package takes minutes, so CI does not).
@Suite("Plug-in API: the CustomEngine example", .timeLimit(.minutes(5)))
struct PluginAPITests {
    @Test("the toy row registers once; a second row with its id is refused")
    func registration() throws {
        let toy = RegisteredEngine(ToyAdapter())
        #expect(toy.descriptor.role == .library)
        #expect(throws: DuplicateEngineID.self) { try EngineRegistry.register([toy, RegisteredEngine(ToyAdapter())]) }
        #expect(throws: DuplicateEngineID.self) {
            try EngineRegistry.register([RegisteredEngine(RenamedToy(id: "sink"))])
        }
    }

    @Test("every catalogue case the toy can express conforms; the rest say why not")
    func conformance() {
        let report = conformanceReport(for: ToyAdapter())
        var unsupported = 0
        for (name, differences) in report.differing {
            if differences.count == 1, differences[0].hasPrefix("unsupported:") {
                unsupported += 1
            } else {
                Issue.record("toy: '\(name)' differs: \(differences.joined(separator: "; "))")
            }
        }
        #expect(report.passed + unsupported == ConformanceCases.all.count)
        // The toy has just, from, create, map, filter and a publish subject: cases made of those conform.
        #expect(report.passed >= 10, "only \(report.passed) cases conform")
    }

    @Test("the harness measures the toy with a checked checksum and refuses what it cannot express")
    func measured() throws {
        let toy = RegisteredEngine(ToyAdapter())
        let options = MeasureOptions(warmupRuns: 1, repetitions: 3, allocationRepetitions: 2)
        let workload = try #require(Workloads.Catalogue.select("CreateMapFilter")?.first)
        let rows = try toy.measure(workload, size: 1000, options: options)
        #expect(rows.contains { $0.metric == .nsPerEvent && $0.summary != nil })
        let flatMaps = try #require(Workloads.Catalogue.select("FlatMapsPumping")?.first)
        #expect(toy.unsupported(flatMaps) != nil)
        #expect(throws: HarnessError.self) { try toy.measure(flatMaps, size: 100, options: options) }
    }
}

/// The toy under another id, to try a registration that collides with a built-in row.
private struct RenamedToy: EngineAdapter {
    let id: String
    let toy = ToyAdapter()

    var descriptor: EngineDescriptor { EngineDescriptor(id: id, role: .library, modelledOn: "the toy, renamed") }

    func stream(_ flow: Flow, subjects: [ToySubject]) throws(UnsupportedFlow) -> ToyStream {
        try toy.stream(flow, subjects: subjects)
    }
    func nativeObserver(_ observer: EventObserver) -> EventObserver { observer }
    func subscribe(_ stream: ToyStream, with observer: EventObserver) -> ToyCancel { toy.subscribe(stream, with: observer) }
    func dispose(_ subscription: ToyCancel) { toy.dispose(subscription) }
    func makeSubject(_ kind: SubjectKind) -> ToySubject { toy.makeSubject(kind) }
    func sender(for subject: ToySubject) -> SubjectSender { toy.sender(for: subject) }
}
