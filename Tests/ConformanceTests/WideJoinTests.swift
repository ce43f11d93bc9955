import Conformance
import EngineRegistry
import Foundation
import RxBenchCore
import Testing
import TestSupport

/// combineLatest and zip of five inputs: past the arity forms (two to four inputs), every row takes its
/// collection form, which the conformance catalogue's cases (two and four inputs) never reach. The `digits`
/// combiner writes the inputs' values in input order, so an input taken twice, dropped or swapped shows
/// (the mutation check's subscriber-locked-join-wrong-index put the first input in the last one's place in
/// subscriber-locked-dependency, and passed every test).
@Suite("combineLatest and zip of five inputs keep their inputs' order", .serialized, .engineExclusive,
       .timeLimit(.minutes(5)))
struct WideJoinTests {
    static let rows: [Engine] = EngineRegistry.builtIn.map { Engine(adapter: $0.adapter) }

    enum Join: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case combineLatest, zip
        var testDescription: String { rawValue }

        var flow: Flow {
            let inputs = (0..<5).map { Flow.subject($0) }
            return switch self {
            case .combineLatest: .combineLatest(inputs, .digits)
            case .zip: .zip(inputs, .digits)
            }
        }

        /// Values 1 to 5 into inputs 0 to 4, then 6 into input 4 and 7 into inputs 0 to 4: zip pairs the second
        /// values, 7 with input 4's 6.
        var values: [Int] {
            switch self {
            case .combineLatest: [12345, 12346, 72346, 77346, 77746, 77776, 77777]
            case .zip: [12345, 77776]
            }
        }
    }

    @Test("the values, in input order", arguments: Self.rows, Join.allCases)
    func wide(_ engine: Engine, _ join: Join) throws {
        guard let values = try Self.run(engine.adapter, join) else { return }
        #expect(values == join.values, "\(engine.adapter.descriptor.id) \(join)")
    }

    /// The rows without the operator, and those that deliver it from pool threads (their order between inputs
    /// is the scheduler's): a row that silently stopped being checked fails here.
    @Test("the rows left out are those without the operator or with pool-thread joins")
    func leftOut() throws {
        var skipped: [String] = []
        for engine in Self.rows where try Self.run(engine.adapter, .combineLatest, probeOnly: true) == nil {
            skipped.append(engine.adapter.descriptor.id)
        }
        #expect(skipped.sorted() == ["async-channel", "async-stream", "baseline", "observation", "stage-loop"])
    }

    static func run<A: EngineAdapter>(_ adapter: A, _ join: Join, probeOnly: Bool = false) throws -> [Int]? {
        let subjects = try (0..<5).map { _ in try adapter.makeSubject(.publish) }
        guard let stream = try? adapter.stream(join.flow, subjects: subjects), !adapter.deliversAsynchronously(stream)
        else { return nil }
        if probeOnly { return [] }
        let senders = subjects.map { adapter.sender(for: $0) }
        let log = Log()
        let subscription = adapter.subscribe(stream, EventObserver(next: { log.append("\($0)") }))
        for input in 0..<5 { senders[input].next(input + 1) }
        senders[4].next(6)
        for input in 0..<5 { senders[input].next(7) }
        adapter.dispose(subscription)
        return withExtendedLifetime(subjects) { log.entries.compactMap(Int.init) }
    }
}
