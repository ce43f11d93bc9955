import RxBenchCore
/// Everything rxbench reports. docs/metrics.md defines each one precisely; the raw value names are the
/// CSV's `metric` column and never change meaning.
public enum Metric: String, Sendable, CaseIterable, Codable {
    /// Wall time of a pumping run divided by its source events (steady state: after warm-up).
    case nsPerEvent = "ns_per_event"
    /// 1e9 / ns_per_event, statistic by statistic.
    case eventsPerSecond = "events_per_second"
    /// Wall time of a creating run divided by its lifecycles (build + subscribe + feed + dispose).
    case nsPerLifecycle = "ns_per_lifecycle"
    /// (mallocs of a run of 2n events - mallocs of a run of n events) / n.
    case mallocsPerEvent = "mallocs_per_event"
    /// (mallocs of 2n lifecycles - mallocs of n lifecycles) / n.
    case mallocsPerLifecycle = "mallocs_per_lifecycle"
    /// (bytes requested by the mallocs of a run of 2n events - of n events) / n: the heap traffic per event.
    case bytesPerEvent = "bytes_per_event"
    /// (bytes requested by the mallocs of 2n lifecycles - of n lifecycles) / n.
    case bytesPerLifecycle = "bytes_per_lifecycle"
    /// Net heap bytes (requested sizes, which do not depend on the heap's history) held per extra live
    /// subscription of the chain.
    case bytesPerLiveSubscription = "bytes_per_live_subscription"
    /// (requested heap bytes left live by a feed of 2n values - by one of n values) / n, each fed while the
    /// consumer's queue is busy: what a row keeps per value waiting for a slow consumer (`Scenario.slowConsumer`).
    case bytesHeldPerEvent = "bytes_held_per_event"
    /// Duration of one `subscribe` call on the chain, beside its live siblings.
    case subscribeLatency = "subscribe_latency"
    /// Duration of one `dispose()` call on a live subscription, beside its live siblings.
    case disposeLatency = "dispose_latency"
    /// From the start of the `dispose()` call until the subscription's consumer has stopped, for rows whose
    /// dispose is asynchronous (`EngineAdapter.waitUntilStopped`); not reported for the others.
    case disposeUntilStopped = "dispose_until_stopped"
    /// (instructions of a run of 2n events - of n events) / n, counted by callgrind inside the measured
    /// region only: deterministic for the same binary and inputs, so it carries across machines.
    case instructionsPerEvent = "instructions_per_event"
    /// (instructions of 2n lifecycles - of n lifecycles) / n, as above.
    case instructionsPerLifecycle = "instructions_per_lifecycle"

    public var unit: String {
        switch self {
        case .nsPerEvent: "ns/event"
        case .eventsPerSecond: "events/s"
        case .nsPerLifecycle: "ns/lifecycle"
        case .mallocsPerEvent: "mallocs/event"
        case .mallocsPerLifecycle: "mallocs/lifecycle"
        case .bytesPerEvent: "bytes/event"
        case .bytesPerLifecycle: "bytes/lifecycle"
        case .bytesPerLiveSubscription: "bytes/subscription"
        case .bytesHeldPerEvent: "bytes/event"
        case .subscribeLatency, .disposeLatency, .disposeUntilStopped: "ns"
        case .instructionsPerEvent: "instructions/event"
        case .instructionsPerLifecycle: "instructions/lifecycle"
        }
    }

    /// Whether smaller is better (every metric but throughput in events per second).
    public var lowerIsBetter: Bool { self != .eventsPerSecond }

    /// Counts rather than times: the same in every run of the same binary, so CI gates on them.
    public var isExact: Bool {
        switch self {
        case .mallocsPerEvent, .mallocsPerLifecycle, .bytesPerEvent, .bytesPerLifecycle, .bytesPerLiveSubscription,
            .bytesHeldPerEvent, .instructionsPerEvent, .instructionsPerLifecycle:
            true
        case .nsPerEvent, .eventsPerSecond, .nsPerLifecycle, .subscribeLatency, .disposeLatency, .disposeUntilStopped:
            false
        }
    }

    /// Wall time per unit of work, compared with the floor.
    public var isThroughputTime: Bool { self == .nsPerEvent || self == .nsPerLifecycle }
}

/// A mark on a row that a reader must see.
public enum ResultFlag: String, Sendable, Codable {
    /// An engine's median beat the floor (`baseline`) beyond both rows' spread: the floor is not a floor
    /// for this workload, or the engine skipped work. CI fails on it.
    case belowFloor = "below-floor"
    /// The metric cannot be measured here (no allocation counting on this platform); no statistics.
    case unavailable
}

/// One figure: a metric of one workload on one engine, with its statistics.
public struct ResultRow: Sendable, Hashable, Codable {
    public let engine: String
    public let role: EngineDescriptor.Role
    public let workload: String
    public let group: String
    public let parameters: String
    public let metric: Metric
    /// Nil only for a row flagged `unavailable`.
    public let summary: Summary?
    public var flag: ResultFlag?
    /// What a reader of this figure must know that its statistics do not say (the CSV's `note`): today only the
    /// floor's other reading when it was measured twice (`FloorCheck.settle`).
    public var note: String?

    public init(
        engine: String, role: EngineDescriptor.Role, workload: String, group: String, parameters: String,
        metric: Metric, summary: Summary?, flag: ResultFlag? = nil, note: String? = nil
    ) {
        self.engine = engine
        self.role = role
        self.workload = workload
        self.group = group
        self.parameters = parameters
        self.metric = metric
        self.summary = summary
        self.flag = summary == nil ? .unavailable : flag
        self.note = note
    }

    /// The workload with its parameters, as in `Workload.id`.
    public var workloadID: String { parameters.isEmpty ? workload : "\(workload)[\(parameters)]" }
}

/// Where and how a run happened; written with every row so that a report never travels without it.
public struct RunContext: Sendable, Hashable, Codable {
    public var date: String
    public var commit: String
    public var swiftVersion: String
    public var cpu: String
    public var cores: Int
    public var allocator: String
    public var buildConfiguration: String
    public var profile: String
    /// Median cost of two back-to-back clock readings, included in every latency sample.
    public var clockOverheadNanoseconds: Double

    public init(
        date: String, commit: String, swiftVersion: String, cpu: String, cores: Int, allocator: String,
        buildConfiguration: String, profile: String, clockOverheadNanoseconds: Double
    ) {
        self.date = date
        self.commit = commit
        self.swiftVersion = swiftVersion
        self.cpu = cpu
        self.cores = cores
        self.allocator = allocator
        self.buildConfiguration = buildConfiguration
        self.profile = profile
        self.clockOverheadNanoseconds = clockOverheadNanoseconds
    }
}
