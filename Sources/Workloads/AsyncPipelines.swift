import RxBenchCore

/// asyncMap / asyncFilter: each value goes through a one-shot subscriber. The replies here are
/// immediate, so what is measured is the machinery, not a wait.
enum AsyncPipelines {
    static let double = AsyncTransform("double, replied at once") { value, reply in reply(value &* 2) }
    static let even = AsyncPredicate("even, replied at once") { value, reply in reply(value & 1 == 0) }

    static let all: [Workload] = [
        Workload(
            name: "AsyncMapPumping", group: "async", summary: "create(0..<n) -> asyncMap(x2) -> subscribe",
            shape: .pumping, defaultSize: 100_000
        ) { events in
            Scenario(
                flow: .asyncMap(.create(.counting(count: events, thenComplete: true)), double),
                expected: .expect(completions: 1) { fold in for value in 0..<events { fold.add(value &* 2) } })
        },
        Workload(
            name: "AsyncFilterPumping", group: "async", summary: "create(0..<n) -> asyncFilter(even) -> subscribe",
            shape: .pumping, defaultSize: 100_000
        ) { events in
            Scenario(
                flow: .asyncFilter(.create(.counting(count: events, thenComplete: true)), even),
                expected: .expect(completions: 1) { fold in for value in 0..<events where value & 1 == 0 { fold.add(value) } })
        },
    ]
}
