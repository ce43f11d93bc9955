import RxBenchCore

/// The seed chains: the smallest pipelines people write, and the headline create -> map -> filter.
enum SeedChains {
    static let all: [Workload] = [
        Workload(
            name: "CreateMapFilter", group: "seed", summary: "create -> map -> filter -> subscribe (the headline)",
            shape: .pumping, defaultSize: 1_000_000
        ) { events in
            Scenario(flow: .filter(.map(Stage.pump(events), Stage.increment), Stage.notMultipleOf64),
                expected: mapFilterExpectation(events))
        },
        Workload(
            name: "CreateMapCompactMapFilter", group: "seed", summary: "create -> map -> compactMap -> filter -> subscribe",
            shape: .pumping, defaultSize: 1_000_000
        ) { events in
            Scenario(
                flow: .filter(
                    .compactMap(.map(Stage.pump(events), Stage.increment), Stage.dropOneModulo64ElseAddTwo),
                    Stage.notMultipleOf64),
                expected: .expect { fold in
                    for value in 0..<events {
                        guard let mapped = Stage.dropOneModulo64ElseAddTwo.apply(Stage.increment.apply(value)),
                            Stage.notMultipleOf64.test(mapped)
                        else { continue }
                        fold.add(mapped)
                    }
                })
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
        Workload(
            name: "JustMap", group: "seed", summary: "just -> map -> subscribe, per lifecycle",
            shape: .creating, defaultSize: 100_000
        ) { lifecycles in
            Scenario(
                flow: .map(.just(1), Stage.increment), lifecycles: lifecycles,
                expected: .expect(lifecycles: lifecycles, completions: lifecycles) { $0.add(2) })
        },
    ] + [1, 10].map(chainLifecycle)

    /// create(0..<n) -> map(+1) -> filter: what `CreateMapFilter` and the events sweep must see.
    static func mapFilterExpectation(_ events: Int) -> Checksum {
        .expect { fold in for value in 0..<events { if let out = Stage.mapFilter(value, pairs: 1) { fold.add(out) } } }
    }

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
