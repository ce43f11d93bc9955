import Dispatch

/// One entry of the catalogue: a named measurement, written once as data, that every engine runs through
/// its adapter. `make(size)` yields the concrete scenario for a size (events for pumping workloads,
/// lifecycles for creating ones), so that steady-state costs can be taken as differences between sizes.
public struct Workload: Sendable {
    public let name: String
    public let group: String
    public let summary: String
    /// Fixed parameters of this entry (a sweep is several entries with one name and different values).
    public let parameters: [Parameter]
    public let shape: Shape
    /// The size a full run uses; the quick profile scales it down.
    public let defaultSize: Int
    /// False where the size is itself the parameter under study (the events sweep): profiles keep it.
    public let scalable: Bool
    public let make: @Sendable (_ size: Int) -> Scenario

    public init(
        name: String, group: String, summary: String, parameters: [Parameter] = [], shape: Shape,
        defaultSize: Int, scalable: Bool = true, make: @escaping @Sendable (_ size: Int) -> Scenario
    ) {
        self.name = name
        self.group = group
        self.summary = summary
        self.parameters = parameters
        self.shape = shape
        self.defaultSize = defaultSize
        self.scalable = scalable
        self.make = make
    }

    /// `name` plus parameters, e.g. `DisposeLatency[depth=10,siblings=1]`: unique within the catalogue.
    public var id: String {
        parameters.isEmpty ? name : "\(name)[\(parameterText)]"
    }

    /// `depth=10,siblings=1,order=oldest`, the CSV's parameters column.
    public var parameterText: String {
        parameters.map { "\($0.name)=\($0.text)" }.joined(separator: parameters.isEmpty ? "" : ",")
    }

    /// A named value. Most are numbers; a choice among names (the disposal order) keeps its name as its
    /// text, so that ids and CSV rows stay readable, and its position among the choices as its value.
    public struct Parameter: Sendable, Hashable {
        public let name: String
        public let value: Int
        /// What ids and the CSV show: the number, or the name of a choice.
        public let text: String
        public init(_ name: String, _ value: Int) {
            self.name = name
            self.value = value
            text = String(value)
        }

        /// A choice among names: `order=oldest`.
        public init<Choice: RawRepresentable & CaseIterable & Equatable>(_ name: String, _ choice: Choice)
        where Choice.RawValue == String {
            self.name = name
            value = Array(Choice.allCases).firstIndex(of: choice) ?? 0
            text = choice.rawValue
        }
    }

    /// What the size counts and what the harness measures.
    public enum Shape: String, Sendable {
        /// One lifecycle with `size` source events: throughput per event, mallocs per event.
        case pumping
        /// `size` lifecycles (build + subscribe + feed + dispose): cost and mallocs per lifecycle.
        case creating
        /// `size` samples of subscribe and of dispose on a live chain, beside live siblings: latency
        /// distributions and bytes per live subscription.
        case latency
    }
}

/// A workload at one size: everything the harness needs to run it on any engine.
public struct Scenario: Sendable {
    /// Subjects made fresh for each lifecycle; `.subject(i)` in `flow` names `subjects[i]`.
    public var subjects: [SubjectKind]
    /// The streams of one lifecycle: usually one; several where an app subscribes several chains at once (a
    /// cell's bindings). Terminal observer `i` subscribes to `flows[i % flows.count]`.
    public var flows: [Flow]
    /// The first (usually the only) stream.
    public var flow: Flow {
        get { flows[0] }
        set { flows[0] = newValue }
    }
    /// Terminal observers subscribed in each lifecycle (fan-out).
    public var subscribers: Int
    /// Values the harness sends into a subject after subscribing, in each lifecycle.
    public var feed: Feed
    /// How many lifecycles one run makes.
    public var lifecycles: Int
    /// Whether the stream completes asynchronously (serial queues): the harness then waits for every
    /// subscriber's terminal event before disposing.
    public var awaitsTermination: Bool
    /// What all observers of all lifecycles of one run must see, summed.
    public var expected: Checksum
    /// Why this scenario runs in a child process of its own in every run, or nil: a scenario that may overflow
    /// a row's stack (a combineLatest of 15,000 inputs) must end that row's measurement, not rxbench.
    public var ownProcess: String?
    /// For `.latency`: subscriptions kept alive beside the measured one.
    public var siblings: Int
    /// For `.latency`: which live subscription each sample disposes.
    public var disposalOrder: DisposalOrder
    /// Queues the flow delivers on. Before an allocation count is read the harness waits until each is
    /// idle, so that work the run caused on another thread (a block still releasing what it held) is
    /// counted in its own run and never in the next one.
    public var queues: [DispatchQueue]
    /// Why the checksum needs each event delivered before the call that caused it returns (the order of
    /// several inputs, fixed only when each runs to its end as it is subscribed), or nil. A row whose stream
    /// delivers asynchronously (`EngineAdapter.deliversAsynchronously`) is declined with this reason.
    public var synchronousOrder: String?
    /// The serial queue the terminal observer runs on, for a scenario that asks what a row keeps for values
    /// its consumer has not taken yet: the harness also runs it with this queue busy until the feed has ended,
    /// and counts the bytes the feed left live (`bytes_held_per_event`). Nil for every other scenario.
    public var slowConsumer: DispatchQueue?

    public init(
        subjects: [SubjectKind] = [], flow: Flow, otherFlows: [Flow] = [], subscribers: Int = 1, feed: Feed = .none, lifecycles: Int = 1,
        awaitsTermination: Bool = false, expected: Checksum, siblings: Int = 0, disposalOrder: DisposalOrder = .newest,
        queues: [DispatchQueue] = [], synchronousOrder: String? = nil, ownProcess: String? = nil,
        slowConsumer: DispatchQueue? = nil
    ) {
        self.ownProcess = ownProcess
        self.synchronousOrder = synchronousOrder
        self.disposalOrder = disposalOrder
        self.slowConsumer = slowConsumer
        // A feed's own threads are the scenario's too: the harness counts their allocations and waits for them.
        self.queues = queues + feed.queues + (slowConsumer.map { [$0] } ?? [])
        self.subjects = subjects
        flows = [flow] + otherFlows
        self.subscribers = subscribers
        self.feed = feed
        self.lifecycles = lifecycles
        self.awaitsTermination = awaitsTermination
        self.expected = expected
        self.siblings = siblings
    }
}

extension Scenario {
    /// Why `engine` cannot run this scenario when its stream delivers asynchronously, or nil.
    public func refusal(engine: String, deliversAsynchronously: Bool) -> UnsupportedFlow? {
        guard deliversAsynchronously else { return nil }
        if feed.isConcurrent {
            return UnsupportedFlow(
                engine: engine,
                operation: "a feed from several threads delivered asynchronously: the harness does not count those deliveries")
        }
        guard let synchronousOrder else { return nil }
        return UnsupportedFlow(engine: engine, operation: "this checksum delivered asynchronously: \(synchronousOrder)")
    }
}

/// Which live subscription a latency sample disposes.
public enum DisposalOrder: String, Sendable, CaseIterable, Equatable {
    /// The one the sample has just subscribed (LIFO): the subject's newest observer. Each sample subscribes
    /// with the measured observer, disposes it, and both calls are timed.
    case newest
    /// The oldest live sibling (FIFO), then a replacement is subscribed at the end with that sibling's
    /// observer; only the dispose is timed. What RxSwift's own dispose figures measure.
    case oldest
    /// A pseudo-random live sibling (the harness's `LiveSiblings`, fixed seed: the same sequence on every engine), then
    /// a replacement as for `oldest`; only the dispose is timed.
    case random
}

/// Values the harness sends into a subject, per lifecycle.
public enum Feed: Sendable, Equatable {
    case none
    /// Sends `0, 1, ..., count - 1` into `subjects[subject]`, then completes it if asked. Distinct values,
    /// so that the checksum's order-sensitive fold sees a swapped, dropped or duplicated event.
    case counting(subject: Int, count: Int, thenComplete: Bool)
    /// Sends `0, 1, ..., count - 1` into one subject from several threads at once while another thread
    /// subscribes and disposes short-lived subscribers, then completes the subject (`ConcurrentFeed`).
    /// Values arrive in no defined order: observers add them (`Checksum.expectInAnyOrder`).
    case concurrent(ConcurrentFeed)
    /// Sends `0, 1, ..., count - 1` into `subjects` in turn (value `v` into `subjects[v % subjects.count]`: a
    /// form's fields typed into one after another), then, if `trigger` is given, the value `count` into that
    /// subject (a cell's `prepareForReuse`).
    case spread(subjects: [Int], count: Int, trigger: Int?)
    /// Sends `0, 1, ..., count - 1` into `subjects[subject]`; before each value the oldest live subscription
    /// is disposed and its observer subscribed again, so that the set of subscribers stays the same size while
    /// one leaves and one joins per value (a list of 1,000 live rows scrolling past a shared subject). For
    /// scenarios of one chain.
    case churning(subject: Int, count: Int)

    /// The values this feed sends (in order, except for `.concurrent`).
    public var values: Range<Int> {
        switch self {
        case .none: 0..<0
        case let .counting(_, count, _): 0..<count
        case let .concurrent(feed): 0..<feed.count
        case let .spread(_, count, _): 0..<count
        case let .churning(_, count): 0..<count
        }
    }

    /// The subject this feed ends with a terminal event, if it ends one.
    public var completedSubject: Int? {
        switch self {
        case .none: nil
        case let .counting(subject, _, thenComplete): thenComplete ? subject : nil
        case let .concurrent(feed): feed.subject
        case .spread, .churning: nil
        }
    }

    /// Why a row cannot take this feed: the subject it completes has no terminal event (`sender` gives each
    /// subject's sender). Nil where it can.
    public func terminalEventsRefusal(_ sender: (Int) -> SubjectSender) -> UnsupportedFlow? {
        completedSubject.flatMap { sender($0).terminalEventsUnsupported }
    }

    /// The queues that run this feed's threads.
    public var queues: [DispatchQueue] {
        if case let .concurrent(feed) = self { feed.senders + [feed.churn] } else { [] }
    }

    /// Whether observers may be called from several threads at once.
    public var isConcurrent: Bool {
        if case .concurrent = self { true } else { false }
    }

    /// `0 ..< count` in `parts` contiguous ranges, in order, the first `count % parts` one longer: together
    /// exactly `count` values, whatever the remainder.
    public static func shares(of count: Int, among parts: Int) -> [Range<Int>] {
        let base = count / parts
        let longer = count % parts
        return (0..<parts).map { part in
            let start = part * base + min(part, longer)
            return start..<(start + base + (part < longer ? 1 : 0))
        }
    }
}

/// What observers saw, combined over all observers of a run. A run whose checksum differs from its
/// scenario's `expected` is an error, never a figure.
///
/// Each terminal observer keeps its own order-sensitive fold of the values it received
/// (`StreamFold`: `h = h * 1_000_003 + value`, wrapping); the checksum adds the observers' folds. So a stage
/// that skips its transform changes the values, and two events swapped, or one duplicated and another
/// dropped, change the fold, while observers may be served in any order.
public struct Checksum: Sendable, Hashable, CustomStringConvertible {
    public var values: Int
    /// The sum over observers of each observer's `StreamFold`; for a concurrent feed, of every value each
    /// observer received (`expectInAnyOrder`).
    public var fold: Int
    public var completions: Int
    public var errors: Int

    public init(values: Int = 0, fold: Int = 0, completions: Int = 0, errors: Int = 0) {
        self.values = values
        self.fold = fold
        self.completions = completions
        self.errors = errors
    }

    /// What `observers` observers see when each receives `stream` once per lifecycle for `lifecycles`
    /// lifecycles (its fold runs on across lifecycles), then `completions` terminal completions in all.
    public static func expect(
        observers: Int = 1, lifecycles: Int = 1, completions: Int = 0, errors: Int = 0,
        stream: (inout StreamFold) -> Void
    ) -> Checksum {
        var fold = StreamFold()
        var perLifecycle = StreamFold()
        stream(&perLifecycle)
        for _ in 0..<lifecycles { stream(&fold) }
        return Checksum(
            values: perLifecycle.count &* lifecycles &* observers, fold: fold.value &* observers,
            completions: completions, errors: errors)
    }

    /// What `observers` observers see when each receives every one of `values` once, in any order, then
    /// `completions` terminal completions in all: for a feed that sends from several threads at once
    /// (`Feed.concurrent`), where each observer adds its values (wrapping) instead of folding them in order.
    /// A value dropped or duplicated changes the count; one dropped and another duplicated changes the sum.
    public static func expectInAnyOrder(observers: Int, completions: Int, values: Range<Int>) -> Checksum {
        var sum = 0
        for value in values { sum &+= value }
        return Checksum(values: values.count &* observers, fold: sum &* observers, completions: completions)
    }

    /// What two sets of observers saw together: scenarios whose observers see different streams (a cell's
    /// bindings) add the checksum of each observer's stream.
    public static func + (lhs: Checksum, rhs: Checksum) -> Checksum {
        Checksum(
            values: lhs.values &+ rhs.values, fold: lhs.fold &+ rhs.fold, completions: lhs.completions &+ rhs.completions,
            errors: lhs.errors &+ rhs.errors)
    }

    public var description: String {
        "values=\(values) fold=\(fold) completed=\(completions) errors=\(errors)"
    }
}

/// The order-sensitive fold of one observer's values. The multiplier is odd and large, so the fold of a
/// sequence changes when two different values trade places.
public struct StreamFold: Sendable, Hashable {
    public private(set) var value = 0
    public private(set) var count = 0
    public init() {}

    @inline(__always)
    public static func step(_ fold: Int, _ value: Int) -> Int { fold &* 1_000_003 &+ value }

    @inline(__always)
    public mutating func add(_ element: Int) {
        value = Self.step(value, element)
        count &+= 1
    }
}
