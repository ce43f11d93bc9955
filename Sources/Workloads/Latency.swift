import RxBenchCore

/// Subscribe and dispose latency of a live chain on a publish subject: against chain depth, and against
/// the number of live siblings on the same subject. The size is the number of samples.
enum Latency {
    static let all: [Workload] =
        [1, 10, 64].map { chain(depth: $0, siblings: 0) } + [1, 100, 10_000].map { chain(depth: 1, siblings: $0) }

    static func chain(depth: Int, siblings: Int) -> Workload {
        Workload(
            name: "DisposeLatency", group: "dispose",
            summary: "subject -> map x depth; time subscribe and dispose() beside live siblings",
            parameters: [.init("depth", depth), .init("siblings", siblings)], shape: .latency, defaultSize: 100_000
        ) { _ in
            // After sampling, one value reaches every sibling: the chain was live.
            Scenario(
                subjects: [.publish], flow: Stage.maps(.subject(0), depth: depth),
                feed: .values(subject: 0, value: 1, count: 1, thenComplete: false),
                expected: Checksum(values: siblings, sum: siblings), siblings: siblings)
        }
    }
}
