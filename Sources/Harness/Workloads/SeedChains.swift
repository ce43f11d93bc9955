import RxBenchCore

/// The seed chains: the smallest pipelines people write, and the headline create -> map -> filter.
enum SeedChains {
    static let all: [Workload] = [
        .pumping(
            "CreateMapFilter", group: "seed", summary: "create -> map -> filter -> subscribe (the headline)",
            defaultSize: 1_000_000, mapFilter, output: mapFilterValue),
        .pumping(
            "CreateMapCompactMapFilter", group: "seed", summary: "create -> map -> compactMap -> filter -> subscribe",
            defaultSize: 1_000_000,
            { .filter(.compactMap(.map($0, Stage.increment), Stage.dropOneModulo64ElseAddTwo), Stage.notMultipleOf64) }
        ) { value in
            guard let mapped = Stage.dropOneModulo64ElseAddTwo.apply(Stage.increment.apply(value)),
                Stage.notMultipleOf64.test(mapped)
            else { return nil }
            return mapped
        },
        Workload(
            name: "CreateScan", group: "seed", summary: "create -> scan(+) -> subscribe",
            shape: .pumping, defaultSize: 1_000_000
        ) { events in
            Scenario(
                flow: .scan(Stage.pump(events), seed: 0, Stage.sum),
                expected: .expect { fold in
                    var total = 0
                    for value in 0..<events {
                        total &+= value
                        fold.add(total)
                    }
                })
        },
        .answering(
            "JustMap", group: "seed", summary: "just -> map -> subscribe, per lifecycle",
            flow: .map(.just(1), Stage.increment), answer: 2),
    ] + [1, 10].map(chainLifecycle)

    /// create(0..<n) -> map(+1) -> filter: the chain of `CreateMapFilter` and the events sweep, and what it
    /// makes of one value.
    static func mapFilter(_ source: Flow) -> Flow { Stage.mapFilter(source, pairs: 1) }
    static func mapFilterValue(_ value: Int) -> Int? { Stage.mapFilter(value, pairs: 1) }

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
