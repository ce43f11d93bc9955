import RxBenchCore

/// The eleven workloads of RxSwift's Tests/Benchmarks/Benchmarks.swift, by the same names and shapes.
/// Every source emits the value 1 and the stages are identities, so the checksum is the event count.
enum RxSwiftBenchmarks {
    static let all: [Workload] = [
        publishSubjectPumping(subscribers: 1, name: "PublishSubjectPumping"),
        publishSubjectPumping(subscribers: 2, name: "PublishSubjectPumpingTwoSubscriptions"),
        Workload(
            name: "PublishSubjectCreating", group: "rxswift",
            summary: "per lifecycle: new publish subject, subscribe, send 1, dispose", shape: .creating,
            defaultSize: 100_000
        ) { lifecycles in
            Scenario(
                subjects: [.publish], flow: .subject(0), feed: .values(subject: 0, value: 1, count: 1, thenComplete: false),
                lifecycles: lifecycles, expected: Checksum(values: lifecycles, sum: lifecycles))
        },
        pumping("MapFilterPumping", "create -> 6 x (map, filter) -> subscribe") { Stage.mapFilter($0, pairs: 6) },
        creating("MapFilterCreating", "create(1) -> 6 x (map, filter), per lifecycle") { Stage.mapFilter($0, pairs: 6) },
        pumping("FlatMapsPumping", "create -> 5 x flatMap { just } -> subscribe") { flatMaps($0, latest: false) },
        creating("FlatMapsCreating", "create(1) -> 5 x flatMap { just }, per lifecycle") { flatMaps($0, latest: false) },
        pumping("FlatMapLatestPumping", "create -> 5 x flatMapLatest { just } -> subscribe") { flatMaps($0, latest: true) },
        creating("FlatMapLatestCreating", "create(1) -> 5 x flatMapLatest { just }, per lifecycle") {
            flatMaps($0, latest: true)
        },
        pumping("CombineLatestPumping", "7-deep nest of combineLatest(just, just, just, previous)") {
            combineLatestNest($0, sourceFirst: false)
        },
        creating("CombineLatestCreating", "7-deep nest of combineLatest(previous, just, just, just), per lifecycle") {
            combineLatestNest($0, sourceFirst: true)
        },
    ]

    private static func publishSubjectPumping(subscribers: Int, name: String) -> Workload {
        Workload(
            name: name, group: "rxswift", summary: "publish subject, \(subscribers) subscriber(s), send n values",
            shape: .pumping, defaultSize: 1_000_000
        ) { events in
            Scenario(
                subjects: [.publish], flow: .subject(0), subscribers: subscribers,
                feed: .values(subject: 0, value: 1, count: events, thenComplete: false),
                expected: Checksum(values: events * subscribers, sum: events * subscribers))
        }
    }

    /// One never-completing create source pumping n ones through `chain`.
    private static func pumping(_ name: String, _ summary: String, _ chain: @escaping @Sendable (Flow) -> Flow) -> Workload {
        Workload(name: name, group: "rxswift", summary: summary, shape: .pumping, defaultSize: 100_000) { events in
            Scenario(flow: chain(Stage.pump(events)), expected: Checksum(values: events, sum: events))
        }
    }

    /// Per lifecycle: build the chain on a create source emitting one 1, subscribe, dispose.
    private static func creating(_ name: String, _ summary: String, _ chain: @escaping @Sendable (Flow) -> Flow) -> Workload {
        Workload(name: name, group: "rxswift", summary: summary, shape: .creating, defaultSize: 10_000) { lifecycles in
            Scenario(
                flow: chain(Stage.pump(1)), lifecycles: lifecycles,
                expected: Checksum(values: lifecycles, sum: lifecycles))
        }
    }

    private static func flatMaps(_ source: Flow, latest: Bool) -> Flow {
        (0..<5).reduce(source) { flow, _ in latest ? .flatMapLatest(flow, .just) : .flatMap(flow, .just) }
    }

    private static func combineLatestNest(_ source: Flow, sourceFirst: Bool) -> Flow {
        func level(_ inner: Flow) -> Flow {
            sourceFirst
                ? .combineLatest([inner, .just(1), .just(1), .just(1)], .first)
                : .combineLatest([.just(1), .just(1), .just(1), inner], .first)
        }
        return (0..<6).reduce(level(source)) { flow, _ in level(flow) }
    }
}
