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

    /// `depth=10;siblings=1`, the CSV's parameters column.
    public var parameterText: String {
        parameters.map { "\($0.name)=\($0.value)" }.joined(separator: parameters.isEmpty ? "" : ",")
    }

    public struct Parameter: Sendable, Hashable {
        public let name: String
        public let value: Int
        public init(_ name: String, _ value: Int) {
            self.name = name
            self.value = value
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
    public var flow: Flow
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
    /// For `.latency`: subscriptions kept alive beside the measured one.
    public var siblings: Int

    public init(
        subjects: [SubjectKind] = [], flow: Flow, subscribers: Int = 1, feed: Feed = .none, lifecycles: Int = 1,
        awaitsTermination: Bool = false, expected: Checksum, siblings: Int = 0
    ) {
        self.subjects = subjects
        self.flow = flow
        self.subscribers = subscribers
        self.feed = feed
        self.lifecycles = lifecycles
        self.awaitsTermination = awaitsTermination
        self.expected = expected
        self.siblings = siblings
    }
}

/// Values the harness sends into a subject, per lifecycle.
public enum Feed: Sendable, Equatable {
    case none
    /// Sends `value` `count` times into `subjects[subject]`, then completes it if asked.
    case values(subject: Int, value: Int, count: Int, thenComplete: Bool)
}

/// What observers saw, summed over all observers of a run. A run whose checksum differs from its
/// scenario's `expected` is an error, never a figure.
public struct Checksum: Sendable, Hashable, CustomStringConvertible {
    public var values: Int
    public var sum: Int
    public var completions: Int
    public var errors: Int

    public init(values: Int = 0, sum: Int = 0, completions: Int = 0, errors: Int = 0) {
        self.values = values
        self.sum = sum
        self.completions = completions
        self.errors = errors
    }

    public var description: String { "values=\(values) sum=\(sum) completed=\(completions) errors=\(errors)" }
}
