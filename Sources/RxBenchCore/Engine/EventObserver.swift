/// The terminal observer a harness or a conformance runner subscribes with. Adapters pass these closures
/// to their engine's native subscribe call unchanged, so the per-event cost is one closure call.
public struct EventObserver: Sendable {
    public let next: @Sendable (Int) -> Void
    public let error: @Sendable (BenchError) -> Void
    public let completed: @Sendable () -> Void

    public init(
        next: @escaping @Sendable (Int) -> Void,
        error: @escaping @Sendable (BenchError) -> Void = { _ in },
        completed: @escaping @Sendable () -> Void = {}
    ) {
        self.next = next
        self.error = error
        self.completed = completed
    }
}

/// How a harness feeds a subject: closures made once by the adapter, where the subject's type is concrete.
public struct SubjectSender: Sendable {
    public let next: @Sendable (Int) -> Void
    public let error: @Sendable (BenchError) -> Void
    public let completed: @Sendable () -> Void

    public init(
        next: @escaping @Sendable (Int) -> Void,
        error: @escaping @Sendable (BenchError) -> Void,
        completed: @escaping @Sendable () -> Void
    ) {
        self.next = next
        self.error = error
        self.completed = completed
    }
}
