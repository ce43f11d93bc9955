import RxBenchCore

/// The seed chains: the smallest pipelines people write, and the headline create -> map -> filter.
enum SeedChains {
    static let all: [Workload] = [
        Workload(
            name: "CreateMapFilter", group: "seed", summary: "create -> map -> filter -> subscribe (the headline)",
            shape: .pumping, defaultSize: 1_000_000
        ) { events in
            Scenario(
                flow: .filter(.map(Stage.pump(events), Stage.identity), Stage.always),
                expected: Checksum(values: events, sum: events))
        },
        Workload(
            name: "CreateMapCompactMapFilter", group: "seed", summary: "create -> map -> compactMap -> filter -> subscribe",
            shape: .pumping, defaultSize: 1_000_000
        ) { events in
            Scenario(
                flow: .filter(.compactMap(.map(Stage.pump(events), Stage.identity), Stage.keep), Stage.always),
                expected: Checksum(values: events, sum: events))
        },
        Workload(
            name: "CreateScan", group: "seed", summary: "create -> scan(+) -> subscribe",
            shape: .pumping, defaultSize: 1_000_000
        ) { events in
            // Running sums of ones: 1, 2, ..., n.
            Scenario(
                flow: .scan(Stage.pump(events), seed: 0, Stage.sum),
                expected: Checksum(values: events, sum: events * (events + 1) / 2))
        },
        Workload(
            name: "JustMap", group: "seed", summary: "just -> map -> subscribe, per lifecycle",
            shape: .creating, defaultSize: 100_000
        ) { lifecycles in
            Scenario(
                flow: .map(.just(1), Stage.increment), lifecycles: lifecycles,
                expected: Checksum(values: lifecycles, sum: 2 * lifecycles, completions: lifecycles))
        },
    ] + [1, 10].map(chainLifecycle)

    /// Build + subscribe + dispose of `depth` maps on `never`: what one subscription costs, nothing else.
    static func chainLifecycle(depth: Int) -> Workload {
        Workload(
            name: "NeverMapLifecycle", group: "seed", summary: "never -> map x depth: build + subscribe + dispose",
            parameters: [.init("depth", depth)], shape: .creating, defaultSize: 100_000
        ) { lifecycles in
            Scenario(flow: Stage.maps(.never, depth: depth), lifecycles: lifecycles, expected: Checksum())
        }
    }
}
