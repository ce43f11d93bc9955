import Testing
import Workloads

/// Which workloads each profile runs, at its edges (RunPlan.includes says why each edge is where it is).
@Suite("Profiles: which workloads each runs")
struct RunPlanTests {
    /// CI's quick profile runs fan-outs up to 1,000 subscribers on every row, and leaves the 10,000 out.
    @Test("quick keeps the 1,000-subscriber fan-out and leaves the 10,000 out")
    func quickFanOutEdge() throws {
        let thousand = try #require(Catalogue.select("SubscriberSweep[subscribers=1000]")?.first)
        let tenThousand = try #require(Catalogue.select("SubscriberSweep[subscribers=10000]")?.first)
        #expect(RunPlan.quick.includes(thousand))
        #expect(!RunPlan.quick.includes(tenThousand))
        #expect(RunPlan.standard.includes(tenThousand))
    }
}
