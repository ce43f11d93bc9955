import RxBenchCore

/// One source, many observers; many sources, one observer.
enum FanOut {
    static let all: [Workload] = [1, 100, 10_000].map(subjectFanOut) + [merge(sources: 100)]

    /// A publish subject with `subscribers` observers; the size is the number of values sent.
    static func subjectFanOut(subscribers: Int) -> Workload {
        Workload(
            name: "SubjectFanOut", group: "fanout", summary: "publish subject -> map with n subscribers; per sent value",
            parameters: [.init("subscribers", subscribers)], shape: .pumping,
            defaultSize: max(100, 1_000_000 / subscribers)
        ) { events in
            Scenario(
                subjects: [.publish], flow: .map(.subject(0), Stage.identity), subscribers: subscribers,
                feed: .values(subject: 0, value: 1, count: events, thenComplete: true),
                expected: Checksum(values: events * subscribers, sum: events * subscribers, completions: subscribers))
        }
    }

    /// `merge` of `sources` create sources; the size is the total number of events.
    static func merge(sources: Int) -> Workload {
        Workload(
            name: "MergeMany", group: "fanout", summary: "merge of many completing create sources; per event",
            parameters: [.init("sources", sources)], shape: .pumping, defaultSize: 1_000_000
        ) { events in
            let perSource = max(1, events / sources)
            let total = perSource * sources
            return Scenario(
                flow: .merge(Array(repeating: Stage.pump(perSource, thenComplete: true), count: sources)),
                expected: Checksum(values: total, sum: total, completions: 1))
        }
    }
}
