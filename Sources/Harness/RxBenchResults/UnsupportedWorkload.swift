import RxBenchCore
/// A workload a row did not run because it cannot express it: the adapter threw `UnsupportedFlow` (an
/// operator the library lacks), or the workload's checksum needs synchronous delivery the row does not
/// give. Reported beside the figures with the reason `--list` shows, so that a missing figure is never
/// silent (docs/csv-schema.md: the `unsupported` record).
public struct UnsupportedWorkload: Sendable, Hashable, Codable {
    public let engine: String
    public let role: EngineDescriptor.Role
    public let workload: String
    public let group: String
    public let parameters: String
    /// One line: what the row lacks (`UnsupportedFlow.operation`), worded as `--list` shows it.
    public let reason: String

    public init(
        engine: String, role: EngineDescriptor.Role, workload: String, group: String, parameters: String,
        reason: String
    ) {
        self.engine = engine
        self.role = role
        self.workload = workload
        self.group = group
        self.parameters = parameters
        self.reason = reason
    }

    public init(_ descriptor: EngineDescriptor, _ workload: Workload, _ refusal: UnsupportedFlow) {
        self.init(
            engine: descriptor.id, role: descriptor.role, workload: workload.name, group: workload.group,
            parameters: workload.parameterText, reason: refusal.operation)
    }

    /// The workload with its parameters, as in `Workload.id`.
    public var workloadID: String { parameters.isEmpty ? workload : "\(workload)[\(parameters)]" }
}
