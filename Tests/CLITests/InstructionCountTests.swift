@testable import RxBenchCLI
import RxBenchCore
import Testing
import Workloads

/// `rxbench --instructions` makes a figure only where one can be right, and refuses an impossible one.
@Suite("Instruction counts", .timeLimit(.minutes(5)))
struct InstructionCountTests {
    @Test("a larger run that took fewer instructions is no figure")
    func negativeDifferenceIsRefused() {
        #expect(Callgrind.perUnit(small: [1_000], large: [1_300], size: 2) == [150])
        #expect(Callgrind.perUnit(small: [1_000], large: [1_000], size: 2) == [0])
        // What the 10,000-subscriber fan-out read at 2 events: setup moved by more than the events cost.
        #expect(Callgrind.perUnit(small: [5_000_000], large: [2_846_573], size: 2) == nil)
    }

    @Test("a fan-out that leaves fewer than the minimum units gets no instruction figure")
    func wideFanOutIsDeclined() throws {
        let fanOuts = try #require(Catalogue.select("SubjectFanOut"))
        let measurable = Set(fanOuts.filter(RunPlan.instructions.includes).map(\.id))
        #expect(measurable == ["SubjectFanOut[subscribers=1]", "SubjectFanOut[subscribers=100]"])
        for workload in Catalogue.all.filter(RunPlan.instructions.includes) {
            #expect(RunPlan.instructions.size(for: workload) >= RunPlan.InstructionSizes.minimumSize, "\(workload.id)")
        }
    }
}
