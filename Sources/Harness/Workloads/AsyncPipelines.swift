import RxBenchCore

/// asyncMap / asyncFilter: each value goes through a one-shot subscriber. The replies here are
/// immediate, so what is measured is the machinery, not a wait.
enum AsyncPipelines {
    static let double = AsyncTransform("double, replied at once") { value, reply in reply(value &* 2) }
    static let even = AsyncPredicate("even, replied at once") { value, reply in reply(value & 1 == 0) }

    static let all: [Workload] = [
        .pumping(
            "AsyncMapPumping", group: "async", summary: "create(0..<n) -> asyncMap(x2) -> subscribe",
            defaultSize: 100_000, completes: true, { .asyncMap($0, double) }, output: { $0 &* 2 }),
        .pumping(
            "AsyncFilterPumping", group: "async", summary: "create(0..<n) -> asyncFilter(even) -> subscribe",
            defaultSize: 100_000, completes: true, { .asyncFilter($0, even) }, output: { $0 & 1 == 0 ? $0 : nil }),
    ]
}
