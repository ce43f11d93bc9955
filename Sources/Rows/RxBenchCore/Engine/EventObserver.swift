/// The terminal observer a harness or a conformance runner subscribes with. Adapters pass these closures
/// to their engine's native subscribe call unchanged, so the per-event cost is one closure call.
///
/// Generic over `Value` for how Swift stores `next`, not for other types (rows use `EventObserver`, at `Int`), as
/// the flow's closures are (FlowClosures.swift's header, docs/decisions/flow-closures.md):
/// - a library's `subscribe(onNext:)`, `start(next:)` or `sink(receiveValue:)` stores its closure at the generic
///   abstraction, and a user's closure literal is compiled at it; a `(Int) -> Void` value handed over instead is
///   wrapped in a reabstraction thunk, allocated per subscription and run on every value;
/// - so `next` is stored as those parameters take it, and the closures are stored without `@Sendable` (a
///   `@Sendable` closure handed to a parameter that is not is wrapped twice); each init takes `@Sendable`
///   closures, which is what `@unchecked` rests on;
/// - plain Swift calls `(Int) -> Void` in registers: the observers the harness times also carry `next` written a
///   second time at that abstraction (`plainNext`, given by `plain(_:)`), for the floor rows to call.
public struct EventObserverOf<Value>: @unchecked Sendable {
    public let next: (Value) -> Void
    public let error: (BenchError) -> Void
    public let completed: () -> Void
    /// ReactiveSwift's fourth event: the stream was interrupted (by the library, or as the acknowledgement of a
    /// dispose) without a terminal event of the grammar. Rows of other libraries never call it. The conformance
    /// runner records one that arrives before the case disposes as a difference; after a dispose it is ignored.
    public let interrupted: () -> Void
    /// `next` written again at `(Int) -> Void`, for plain Swift to call; nil where the observer's maker gives none
    /// (a floor row then calls `next` through a closure of its own).
    public let plainNext: ((Int) -> Void)?

    public init(
        next: @escaping @Sendable (Value) -> Void,
        error: @escaping @Sendable (BenchError) -> Void = { _ in },
        completed: @escaping @Sendable () -> Void = {},
        interrupted: @escaping @Sendable () -> Void = {}
    ) {
        self.next = next
        self.error = error
        self.completed = completed
        self.interrupted = interrupted
        plainNext = nil
    }

    private init(_ other: EventObserverOf, plainNext: @escaping @Sendable (Int) -> Void) {
        next = other.next
        error = other.error
        completed = other.completed
        interrupted = other.interrupted
        self.plainNext = plainNext
    }
}
public typealias EventObserver = EventObserverOf<Int>

extension EventObserverOf where Value == Int {
    /// This observer with `body`, the same `next` written again, as plain Swift's own.
    public func plain(_ body: @escaping @Sendable (Int) -> Void) -> EventObserverOf { EventObserverOf(self, plainNext: body) }

    /// `next` as plain Swift calls it, for a row whose own code calls it (the floor rows, a `for await` loop, a
    /// change handler): `plainNext` where the observer's maker wrote one, otherwise a closure of its own around
    /// `next`. Not `plainNext ?? ...`: the generic `??` wraps each side once more (flow-closures.md).
    public var nextInPlainForm: (Int) -> Void {
        if let plainNext { return plainNext }
        let generic = next
        return { generic($0) }
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
