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
                subjects: [.publish], flow: .map(.subject(0), Stage.increment), subscribers: subscribers,
                feed: .counting(subject: 0, count: events, thenComplete: true),
                expected: .expect(observers: subscribers, completions: subscribers) { fold in
                    for value in 0..<events { fold.add(value &+ 1) }
                })
        }
    }

    /// `merge` of `sources` create sources; the size is the total number of events.
    static func merge(sources: Int) -> Workload {
        Workload(
            name: "MergeMany", group: "fanout", summary: "merge of many completing create sources; per event",
            parameters: [.init("sources", sources)], shape: .pumping, defaultSize: 1_000_000
        ) { events in
            // The sources are synchronous: each runs to completion when merge subscribes it, in order. They
            // emit `events` in all, whatever the size (the first `events % sources` one more), so that the
            // difference of two runs is the size's difference in events: with `events / sources` each, runs of
            // 64 and 128 events both sent 100 and the per-event figures divided noise by 64.
            let counts = (0..<sources).map { events / sources + ($0 < events % sources ? 1 : 0) }
            return Scenario(
                flow: .merge(counts.map { Stage.pump($0, thenComplete: true) }),
                expected: .expect(completions: 1) { fold in
                    for count in counts { for value in 0..<count { fold.add(value) } }
                },
                synchronousOrder: "the checksum's order is each source run to its end in turn; asynchronous inputs interleave")
        }
    }
}
