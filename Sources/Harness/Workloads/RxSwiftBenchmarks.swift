import RxBenchCore

/// The eleven workloads of RxSwift's Tests/Benchmarks/Benchmarks.swift, by the same names and shapes, and
/// ThrowingMapFilterPumping, MapFilterPumping with throwing closures (the cost of `throws` per event).
/// Where RxSwift's closures are identities and always-true filters, these use the shared `Stage`
/// closures, which change the value, so that the checksum sees every stage (see `Stage`).
enum RxSwiftBenchmarks {
    static let all: [Workload] = [
        publishSubjectPumping(subscribers: 1, name: "PublishSubjectPumping"),
        publishSubjectPumping(subscribers: 2, name: "PublishSubjectPumpingTwoSubscriptions"),
        Workload(
            name: "PublishSubjectCreating", group: "rxswift",
            summary: "per lifecycle: new publish subject, subscribe, send 1 value, dispose", shape: .creating,
            defaultSize: 100_000
        ) { lifecycles in
            Scenario(
                subjects: [.publish], flow: .subject(0), feed: .counting(subject: 0, count: 1, thenComplete: false),
                lifecycles: lifecycles, expected: .expect(lifecycles: lifecycles) { $0.add(0) })
        },
        pumping("MapFilterPumping", "create -> 6 x (map, filter) -> subscribe", mapFilter, expect: mapFilterValue),
        // Not one of RxSwift's: MapFilterPumping with throwing closures that never throw, so that the two rows
        // differ only by `throws` (docs/decisions/throwing-operators.md). Same checksum.
        pumping(
            "ThrowingMapFilterPumping", "create -> 6 x (tryMap, tryFilter), closures that never throw -> subscribe",
            throwingMapFilter, expect: mapFilterValue),
        creating("MapFilterCreating", "create(1) -> 6 x (map, filter), per lifecycle", mapFilter, expect: mapFilterValue),
        // RxSwift's selector is `{ just($0) }`; here each inner `just` carries `x + 1`, so that a flatMap stage
        // an engine drops changes the checksum (one closure call per stage, the same in every row).
        pumping("FlatMapsPumping", "create -> 5 x flatMap { just(x + 1) } -> subscribe", { flatMaps($0, latest: false) }) {
            $0 &+ 5
        },
        creating("FlatMapsCreating", "create(1) -> 5 x flatMap { just(x + 1) }, per lifecycle", {
            flatMaps($0, latest: false)
        }) { $0 &+ 5 },
        pumping("FlatMapLatestPumping", "create -> 5 x flatMapLatest { just(x + 1) } -> subscribe", {
            flatMaps($0, latest: true)
        }) { $0 &+ 5 },
        creating("FlatMapLatestCreating", "create(1) -> 5 x flatMapLatest { just(x + 1) }, per lifecycle", {
            flatMaps($0, latest: true)
        }) { $0 &+ 5 },
        // The source is the last input: the three `just`s have their values when it emits, and each level
        // adds their three 1s.
        pumping(
            "CombineLatestPumping", "7-deep nest of combineLatest(just, just, just, previous), sum",
            { combineLatestNest($0, sourceFirst: false) },
            synchronousOrder: "every value is combined only if the three justs have theirs before the source's first; "
                + "asynchronous inputs race and combineLatest keeps only the latest"
        ) { $0 &+ 21 },
        // The source is the first input and emits its one value at subscription, before the `just`s: each
        // level emits once, when its last `just` arrives.
        creating("CombineLatestCreating", "7-deep nest of combineLatest(previous, just, just, just), sum, per lifecycle", {
            combineLatestNest($0, sourceFirst: true)
        }) { $0 &+ 21 },
    ]

    private static func publishSubjectPumping(subscribers: Int, name: String) -> Workload {
        Workload(
            name: name, group: "rxswift", summary: "publish subject, \(subscribers) subscriber(s), send n values",
            shape: .pumping, defaultSize: 1_000_000
        ) { events in
            Scenario(
                subjects: [.publish], flow: .subject(0), subscribers: subscribers,
                feed: .counting(subject: 0, count: events, thenComplete: false),
                expected: .expect(observers: subscribers) { fold in for value in 0..<events { fold.add(value) } })
        }
    }

    /// One never-completing create source pumping `0..<n` through `chain`; `expect` is what the chain
    /// makes of one value (nil: dropped).
    private static func pumping(
        _ name: String, _ summary: String, _ chain: @escaping @Sendable (Flow) -> Flow,
        synchronousOrder: String? = nil, expect: @escaping @Sendable (Int) -> Int?
    ) -> Workload {
        .pumping(
            name, group: "rxswift", summary: summary, defaultSize: 100_000, synchronousOrder: synchronousOrder, chain,
            output: expect)
    }

    /// Per lifecycle: build the chain on a create source emitting one value (0), subscribe, dispose.
    private static func creating(
        _ name: String, _ summary: String, _ chain: @escaping @Sendable (Flow) -> Flow,
        expect: @escaping @Sendable (Int) -> Int?
    ) -> Workload {
        Workload(name: name, group: "rxswift", summary: summary, shape: .creating, defaultSize: 10_000) { lifecycles in
            Scenario(
                flow: chain(Stage.pump(1)), lifecycles: lifecycles,
                expected: .expect(lifecycles: lifecycles) { fold in if let out = expect(0) { fold.add(out) } })
        }
    }

    private static func mapFilter(_ source: Flow) -> Flow { Stage.mapFilter(source, pairs: 6) }
    private static func throwingMapFilter(_ source: Flow) -> Flow { Stage.throwingMapFilter(source, pairs: 6) }
    private static func mapFilterValue(_ value: Int) -> Int? { Stage.mapFilter(value, pairs: 6) }

    private static func flatMaps(_ source: Flow, latest: Bool) -> Flow {
        let inner = FlowSelector.just(mapping: Stage.increment)
        return (0..<5).reduce(source) { flow, _ in latest ? .flatMapLatest(flow, inner) : .flatMap(flow, inner) }
    }

    private static func combineLatestNest(_ source: Flow, sourceFirst: Bool) -> Flow {
        func level(_ inner: Flow) -> Flow {
            sourceFirst
                ? .combineLatest([inner, .just(1), .just(1), .just(1)], .sum)
                : .combineLatest([.just(1), .just(1), .just(1), inner], .sum)
        }
        return (0..<6).reduce(level(source)) { flow, _ in level(flow) }
    }
}
