import Measurement
import RxBenchCore
import RxBenchResults
import Testing
import Workloads
import TestSupport

/// The app scenarios' checksums see what each scenario is about: a churning subject's subscriber that is not
/// disposed, a cell binding left out, a selector's stage skipped. Each case breaks the `sink` row (SabotageTests'
/// `Saboteur`) in one way and expects no figure.
@Suite("App scenarios refuse a broken row", .engineExclusive, .timeLimit(.minutes(5)))
struct AppScenarioTests {
    static let options = SabotageTests.options

    static let workloads = [
        "CellReuse", "FormTyping[fields=4]", "FormOpening[fields=8]", "SubjectChurn[live=1000]",
        "StoreSelectors[selectors=100]", "ArrayPipeline", "SlowConsumer",
    ]

    static func measure(_ workloadID: String, _ sabotage: Sabotage) throws -> [ResultRow] {
        let workload = try #require(Catalogue.select(workloadID)?.first)
        let size = workload.shape == .creating ? 20 : 300
        return try Harness(adapter: Saboteur(sabotage), options: options).measure(workload, size: size)
    }

    @Test("the unbroken row gives figures", arguments: workloads)
    func control(workloadID: String) throws {
        #expect(!(try Self.measure(workloadID, .none)).isEmpty)
    }

    @Test("a skipped map is refused", arguments: workloads)
    func skippedMap(workloadID: String) throws {
        #expect(throws: HarnessError.self) { try Self.measure(workloadID, .skipFirstMap) }
    }

    /// A churning subject whose left subscribers stay subscribed delivers each value twice to some observers.
    @Test("a dispose that does nothing is refused on the churning subject")
    func ignoredDispose() throws {
        #expect(throws: HarnessError.self) { try Self.measure("SubjectChurn[live=1000]", .ignoreDispose) }
    }

    /// Where an observer sees more than eleven values (the saboteur swaps the tenth and eleventh).
    @Test("two events swapped are refused", arguments: ["FormTyping[fields=4]", "SubjectChurn[live=1000]"])
    func swapped(workloadID: String) throws {
        #expect(throws: HarnessError.self) { try Self.measure(workloadID, .swapEvents) }
    }

    /// The cell's three bindings are three chains, each with its own expected values, and the checksum adds the
    /// observers' folds: a binding left out and another subscribed twice in its place must be refused.
    @Test("a cell binding left out is refused")
    func cellChains() throws {
        let workload = try #require(Catalogue.select("CellReuse")?.first)
        let scenario = workload.make(3)
        #expect(scenario.flows.count == 3)
        #expect(scenario.subscribers == 3)
        var broken = scenario
        broken.flows[2] = broken.flows[0]
        let brokenScenario = broken
        let harness = Harness(adapter: Saboteur(.none), options: Self.options)
        let missingBinding = Workload(
            name: "CellReuseMissingBinding", group: "test", summary: "", shape: .creating, defaultSize: 3
        ) { _ in brokenScenario }
        #expect(throws: HarnessError.self) { try harness.measure(missingBinding, size: 3) }
    }
}
