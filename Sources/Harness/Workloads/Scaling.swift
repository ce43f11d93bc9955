import RxBenchCore

/// Sweeps, so that readers see how cost grows rather than one point.
enum Scaling {
    static let all: [Workload] =
        [1, 2, 4, 8, 16, 32, 64].map(mapDepth) + [1, 10, 100, 1000, 10_000].map(FanOut.subjectFanOut).map(rename)
        + [1_000, 10_000, 100_000, 1_000_000, 10_000_000].map(events)

    /// `create -> map x depth`: ns per added operator is the slope.
    static func mapDepth(_ depth: Int) -> Workload {
        .pumping(
            "MapDepth", group: "scaling", summary: "create -> map x depth -> subscribe",
            parameters: [.init("depth", depth)], defaultSize: 200_000, { Stage.maps($0, depth: depth) }
        ) { $0 &+ depth }
    }

    /// The fan-out workload as a sweep over subscribers.
    static func rename(_ workload: Workload) -> Workload {
        Workload(
            name: "SubscriberSweep", group: "scaling", summary: workload.summary, parameters: workload.parameters,
            shape: workload.shape, defaultSize: workload.defaultSize, make: workload.make)
    }

    /// create -> map -> filter with a fixed number of events: the size is the parameter.
    static func events(_ count: Int) -> Workload {
        .pumping(
            "EventSweep", group: "scaling", summary: "create -> map -> filter with n events",
            parameters: [.init("events", count)], defaultSize: count, scalable: false, SeedChains.mapFilter,
            output: SeedChains.mapFilterValue)
    }
}
