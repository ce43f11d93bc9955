/// The terminal observer a harness or a conformance runner subscribes with. Adapters pass these closures
/// to their engine's native subscribe call unchanged, so the per-event cost is one closure call.
public struct EventObserver: Sendable {
    public let next: @Sendable (Int) -> Void
    public let error: @Sendable (BenchError) -> Void
    public let completed: @Sendable () -> Void
    /// ReactiveSwift's fourth event: the stream was interrupted (by the library, or as the acknowledgement of a
    /// dispose) without a terminal event of the grammar. Rows of other libraries never call it. The conformance
    /// runner records one that arrives before the case disposes as a difference; after a dispose it is ignored.
    public let interrupted: @Sendable () -> Void

    public init(
        next: @escaping @Sendable (Int) -> Void,
        error: @escaping @Sendable (BenchError) -> Void = { _ in },
        completed: @escaping @Sendable () -> Void = {},
        interrupted: @escaping @Sendable () -> Void = {}
    ) {
        self.next = next
        self.error = error
        self.completed = completed
        self.interrupted = interrupted
    }
}

/// How a harness feeds a subject: closures made once by the adapter, where the subject's type is concrete.
public struct SubjectSender: Sendable {
    public let next: @Sendable (Int) -> Void
    public let error: @Sendable (BenchError) -> Void
    public let completed: @Sendable () -> Void
    /// Why this subject cannot end (SwiftSignalKit's pipes have no terminal event), or nil where it can. A
    /// workload or conformance case that sends a terminal event into it is declined with this reason.
    public let terminalEventsUnsupported: UnsupportedFlow?

    public init(
        next: @escaping @Sendable (Int) -> Void,
        error: @escaping @Sendable (BenchError) -> Void,
        completed: @escaping @Sendable () -> Void
    ) {
        self.next = next
        self.error = error
        self.completed = completed
        self.terminalEventsUnsupported = nil
    }

    /// A subject that has no terminal event: only values can be sent.
    public init(next: @escaping @Sendable (Int) -> Void, terminalEventsUnsupported reason: UnsupportedFlow) {
        self.next = next
        self.error = { _ in }
        self.completed = {}
        self.terminalEventsUnsupported = reason
    }
}
