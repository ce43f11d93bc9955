import RxBenchCore

/// Every workload rxbench knows, in the order reports list them.
public enum Catalogue {
    public static let all: [Workload] =
        RxSwiftBenchmarks.all + SeedChains.all + FanOut.all + AsyncPipelines.all + Feedback.all + Delivery.all
        + Scaling.all + Latency.all + Contention.all + Singles.all + App.all

    /// Groups in catalogue order.
    public static var groups: [String] {
        var seen: Set<String> = []
        return all.map(\.group).filter { seen.insert($0).inserted }
    }

    /// Resolves a `--workload` argument: `all`, a group, a workload name (all its parameter sets), or a
    /// workload id with parameters. Nil when nothing matches.
    public static func select(_ selector: String) -> [Workload]? {
        if selector == "all" { return all }
        let matches = all.filter { $0.group == selector || $0.name == selector || $0.id == selector }
        return matches.isEmpty ? nil : matches
    }
}

/// The closures every workload shares, so that each engine runs the same code per stage. Every stage
/// changes the value or drops some values, and sources emit distinct values, so the checksum sees a
/// stage that was skipped and an event that was swapped, dropped or repeated. Their cost per call is a
/// closure call and one or two integer operations, the same in every row.
enum Stage {
    /// map: `x + 1`.
    static let increment = IntTransform("+1") { $0 &+ 1 }.plain { $0 &+ 1 }
    /// filter: drops multiples of 64 (1 value in 64).
    static let notMultipleOf64 = IntPredicate("not a multiple of 64") { $0 & 63 != 0 }.plain { $0 & 63 != 0 }
    /// compactMap: drops values that are 1 modulo 64, adds 2 to the others.
    static let dropOneModulo64ElseAddTwo = IntPartialTransform("nil if 1 mod 64, else +2") {
        $0 & 63 == 1 ? nil : $0 &+ 2
    }.plain { $0 & 63 == 1 ? nil : $0 &+ 2 }
    static let sum = IntAccumulator("sum") { $0 &+ $1 }.plain { $0 &+ $1 }

    /// `increment` and `notMultipleOf64` as throwing closures that never throw: what `throws` costs per event
    /// (the closure's error path and the sink's `do`/`catch`) without an error ever taken.
    static let throwingIncrement = ThrowingIntTransform("+1, throws never") { $0 &+ 1 }
    static let throwingNotMultipleOf64 = ThrowingIntPredicate("not a multiple of 64, throws never") { $0 & 63 != 0 }

    /// `source |> (tryMap +1, tryFilter) x pairs`: `mapFilter` with the throwing forms; same values.
    static func throwingMapFilter(_ source: Flow, pairs: Int) -> Flow {
        (0..<pairs).reduce(source) { flow, _ in .tryFilter(.tryMap(flow, throwingIncrement), throwingNotMultipleOf64) }
    }

    /// `source |> (map +1, filter) x pairs`.
    static func mapFilter(_ source: Flow, pairs: Int) -> Flow {
        (0..<pairs).reduce(source) { flow, _ in .filter(.map(flow, increment), notMultipleOf64) }
    }

    /// What `mapFilter(pairs:)` makes of `value`, or nil where a filter drops it.
    static func mapFilter(_ value: Int, pairs: Int) -> Int? {
        var value = value
        for _ in 0..<pairs {
            value = increment.apply(value)
            if !notMultipleOf64.test(value) { return nil }
        }
        return value
    }

    /// `source |> map(+1), filter, map(+1), filter, ...`: `stages` stages in all, starting with a map.
    /// Unlike `maps`, no engine fuses it: a filter sits between any two maps.
    static func alternating(_ source: Flow, stages: Int) -> Flow {
        (0..<stages).reduce(source) { flow, stage in
            stage.isMultiple(of: 2) ? .map(flow, increment) : .filter(flow, notMultipleOf64)
        }
    }

    /// What `alternating(stages:)` makes of `value`, or nil where a filter drops it.
    static func alternating(_ value: Int, stages: Int) -> Int? {
        var value = value
        for stage in 0..<stages {
            if stage.isMultiple(of: 2) {
                value = increment.apply(value)
            } else if !notMultipleOf64.test(value) {
                return nil
            }
        }
        return value
    }

    /// `source |> map(+1) x depth`.
    static func maps(_ source: Flow, depth: Int) -> Flow {
        (0..<depth).reduce(source) { flow, _ in .map(flow, increment) }
    }

    /// A source that emits `0, 1, ..., count - 1` and, unless asked, does not complete (the shape of
    /// RxSwift's benchmark source, with distinct values).
    static func pump(_ count: Int, thenComplete: Bool = false) -> Flow {
        .create(.counting(count: count, thenComplete: thenComplete))
    }
}

/// The two shapes most entries share, written once so that each entry states only what is its own.
extension Workload {
    /// One create source pumps `0..<events` through `chain` to one observer, and completes if `completes`;
    /// `output` is what the chain makes of one value (nil: dropped).
    static func pumping(
        _ name: String, group: String, summary: String, parameters: [Parameter] = [], defaultSize: Int,
        scalable: Bool = true, completes: Bool = false, synchronousOrder: String? = nil,
        _ chain: @escaping @Sendable (Flow) -> Flow, output: @escaping @Sendable (Int) -> Int?
    ) -> Workload {
        Workload(
            name: name, group: group, summary: summary, parameters: parameters, shape: .pumping,
            defaultSize: defaultSize, scalable: scalable
        ) { events in
            Scenario(
                flow: chain(Stage.pump(events, thenComplete: completes)),
                expected: .expect(completions: completes ? 1 : 0) { fold in
                    for value in 0..<events { if let out = output(value) { fold.add(out) } }
                },
                synchronousOrder: synchronousOrder)
        }
    }

    /// Per lifecycle: subscribe to `flow`, which sends `answer` and completes.
    static func answering(_ name: String, group: String, summary: String, flow: Flow, answer: Int) -> Workload {
        Workload(name: name, group: group, summary: summary, shape: .creating, defaultSize: 100_000) { lifecycles in
            Scenario(
                flow: flow, lifecycles: lifecycles,
                expected: .expect(lifecycles: lifecycles, completions: lifecycles) { $0.add(answer) })
        }
    }
}
