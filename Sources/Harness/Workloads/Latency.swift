import RxBenchCore

/// Subscribe and dispose latency of a live chain on a publish subject: against chain depth, and against
/// the number of live siblings on the same subject. The size is the number of samples.
///
/// Two depth sweeps: `DisposeLatency` chains maps only, which an engine may fuse into one stage (`sink`'s
/// composeMap), so its sweep can be flat; `DisposeLatencyMixed` alternates map and filter, which no engine
/// fuses, so its depth is the number of stages every engine builds and disposes. The sibling sweep is
/// measured in three disposal orders (see `DisposalOrder`): `newest` (each sample's own subscription; the
/// ids without an order), `oldest` (FIFO) and `random`.
enum Latency {
    static let all: [Workload] =
        [1, 10, 64].map { chain(depth: $0, siblings: 0) } + [1, 100, 10_000].map { chain(depth: 1, siblings: $0) }
        + [1, 100, 10_000].flatMap { siblings in
            [DisposalOrder.oldest, .random].map { chain(depth: 1, siblings: siblings, order: $0) }
        }
        + [1, 10, 64].map { mixed(stages: $0) }
        + [DisposalOrder.newest, .oldest, .random].map { mixed(stages: 10, siblings: 100, order: $0) }

    /// `subject -> map x depth`. `newest` keeps the parameters it always had, so its ids are unchanged.
    static func chain(depth: Int, siblings: Int, order: DisposalOrder = .newest) -> Workload {
        // After sampling, one value (0) reaches every sibling and one more chain through every map:
        // the chain was live.
        sampled(
            "DisposeLatency", summary: "subject -> map x depth; time subscribe and dispose() beside live siblings",
            depth: depth, siblings: siblings, order: order, chain: Stage.maps(.subject(0), depth: depth),
            feed: .counting(subject: 0, count: 1, thenComplete: false)
        ) { $0 &+ depth }
    }

    /// `subject -> map, filter, map, ...`: `stages` stages, alternating, starting with a map.
    static func mixed(stages: Int, siblings: Int = 0, order: DisposalOrder = .newest) -> Workload {
        // After sampling, 0..<64 reach every sibling and one more chain; 63 + 1 is dropped by the first
        // filter, so a filter that was skipped shows in the checksum as well as a map.
        sampled(
            "DisposeLatencyMixed", summary: "subject -> (map +1, filter) alternating, depth stages; time subscribe and dispose()",
            depth: stages, siblings: siblings, order: order, chain: Stage.alternating(.subject(0), stages: stages),
            feed: .counting(subject: 0, count: 64, thenComplete: false)
        ) { Stage.alternating($0, stages: stages) }
    }

    /// `chain` on one publish subject, sampled beside `siblings` live ones and disposed in `order`; after
    /// sampling, `feed` reaches every sibling and one more chain, and `output` is what the chain makes of a
    /// value (nil: dropped).
    private static func sampled(
        _ name: String, summary: String, depth: Int, siblings: Int, order: DisposalOrder, chain: Flow, feed: Feed,
        output: @escaping @Sendable (Int) -> Int?
    ) -> Workload {
        Workload(
            name: name, group: "dispose", summary: summary,
            parameters: [.init("depth", depth), .init("siblings", siblings)] + orderParameter(order),
            shape: .latency, defaultSize: 100_000
        ) { _ in
            Scenario(
                subjects: [.publish], flow: chain, feed: feed,
                expected: .expect(observers: siblings + 1) { fold in
                    for value in feed.values { if let out = output(value) { fold.add(out) } }
                },
                siblings: siblings, disposalOrder: order)
        }
    }

    /// No parameter for `newest`, the order every id without one has always measured.
    private static func orderParameter(_ order: DisposalOrder) -> [Workload.Parameter] {
        order == .newest ? [] : [.init("order", order)]
    }
}
