import RxBenchCore

/// Every workload rxbench knows, in the order reports list them.
public enum Catalogue {
    public static let all: [Workload] =
        RxSwiftBenchmarks.all + SeedChains.all + FanOut.all + AsyncPipelines.all + Feedback.all + Delivery.all
        + Scaling.all + Latency.all

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

/// The closures every workload shares, so that each engine runs the same code per stage.
enum Stage {
    static let identity = IntTransform("identity") { $0 }
    static let always = IntPredicate("always") { _ in true }
    static let keep = IntPartialTransform("keep") { $0 }
    static let sum = IntAccumulator("sum") { $0 &+ $1 }
    static let increment = IntTransform("increment") { $0 &+ 1 }

    /// `source |> (map, filter) x pairs`.
    static func mapFilter(_ source: Flow, pairs: Int) -> Flow {
        (0..<pairs).reduce(source) { flow, _ in .filter(.map(flow, identity), always) }
    }

    /// `source |> map x depth`.
    static func maps(_ source: Flow, depth: Int) -> Flow {
        (0..<depth).reduce(source) { flow, _ in .map(flow, identity) }
    }

    /// A source that emits `1` `count` times and does not complete (RxSwift's benchmark source).
    static func pump(_ count: Int, thenComplete: Bool = false) -> Flow {
        .create(.repeating(value: 1, count: count, thenComplete: thenComplete))
    }
}
