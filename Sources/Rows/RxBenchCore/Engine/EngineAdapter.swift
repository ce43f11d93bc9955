/// What an engine offers the harness and the conformance suite: it translates a `Flow` into its native
/// chain, makes subjects and feeds them, subscribes, and disposes. Besides, it states four facts about the row
/// that the harness must know and cannot find out (its live-object count, whether it delivers on other
/// threads, whether its dispose is asynchronous, whether its subjects take sends from several threads), each
/// with a default. Engines never see workloads or measurement.
///
/// The associated types are the engine's own (`Observable<Int>`, `Signal<Int, BenchError>`, ...), so
/// that subscribing and disposing in a measured loop allocate nothing on behalf of the adapter: the
/// terminal observer is converted to the engine's form once (`nativeObserver`), outside any measured
/// region, and every subscription then costs what a user's own code with one prebuilt observer costs.
public protocol EngineAdapter: Sendable {
    /// The native cold stream of `Int`.
    associatedtype Stream
    /// What the native subscribe returns; `dispose(_:)` ends it.
    associatedtype Subscription
    /// A native subject.
    associatedtype Subject
    /// The engine's own form of a terminal observer (`AnyObserver<Int>`, a block triple, ...).
    associatedtype Observer

    var descriptor: EngineDescriptor { get }

    /// Translates `flow` into a native stream. Subjects named by `.subject(i)` are `subjects[i]`.
    /// Throws `UnsupportedFlow` for operators this engine (a reference row) does not offer.
    func stream(_ flow: Flow, subjects: [Subject]) throws(UnsupportedFlow) -> Stream

    /// Converts `observer` to the engine's form. Called once per run (harness) or per case (conformance),
    /// never inside a measured region: what it allocates is not the engine's cost.
    func nativeObserver(_ observer: EventObserver) -> Observer

    /// Subscribes with a prepared observer, as a user's code subscribes with its own observer: whatever this
    /// allocates is the engine's cost (its subscriber, sinks, disposables), and the adapter adds nothing.
    func subscribe(_ stream: Stream, with observer: Observer) -> Subscription

    /// Idempotent; may be called from any thread, also during delivery.
    func dispose(_ subscription: Subscription)

    /// Throws `UnsupportedFlow` for a kind the library has no subject for (a row of role `.library`); the
    /// workload or case that needs it is declined with the reason.
    func makeSubject(_ kind: SubjectKind) throws(UnsupportedFlow) -> Subject

    /// Closures that feed `subject`, made once where its type is concrete.
    func sender(for subject: Subject) -> SubjectSender

    /// Live engine objects (sinks, subscribers, disposables) counted by the engine in debug builds, or
    /// `nil` where the engine does not count (release builds, reference rows). A requirement, not only an
    /// extension member, so that generic code (the conformance runner) reaches the engine's own count.
    var liveObjects: Int? { get }

    /// Whether events of `stream` may arrive after the call that caused them has returned, on another thread
    /// (swift-async-algorithms' merge runs its inputs in a task of its own). The harness then waits for a
    /// lifecycle's expected events before it disposes, and declines a workload whose checksum needs
    /// synchronous delivery. Default: false.
    func deliversAsynchronously(_ stream: Stream) -> Bool

    /// For rows whose dispose is asynchronous (a consumer task may still run after `dispose(_:)` returned):
    /// blocks until the consumer of a disposed subscription has stopped. The harness times it as
    /// `dispose_until_stopped`. `nil` (the default): dispose is synchronous, and the metric is not reported.
    var waitUntilStopped: ((Subscription) -> Void)? { get }

    /// Why this row's subjects cannot take values from several threads at once, or nil where they can
    /// (every engine and variant: ARCHITECTURE.md, "What every engine guarantees"). The harness declines a
    /// scenario whose feed sends from several threads (`Feed.concurrent`) on a row that gives a reason. A
    /// requirement for the same reason as `liveObjects`.
    var concurrentSendingUnsupported: UnsupportedFlow? { get }

    /// Why this row's allocation counts may differ between two runs of one scenario, or nil where they cannot (every
    /// engine and variant). Where a row gives a reason and its repetitions disagree, the harness reports the count
    /// unavailable instead of a figure no run repeats; where they agree, the count is reported. CI's gate lists such a
    /// row's counts where they moved and fails none of them (scripts/rxtools/compare.py, `HISTORY_DEPENDENT_ROWS`).
    var allocationCountsDependOnHistory: String? { get }
}

/// Who an adapter is, for listings, CSV rows and documentation.
public struct EngineDescriptor: Sendable, Hashable {
    public enum Role: String, Sendable, Hashable, Codable {
        /// One of the three designs under study.
        case engine
        /// A documented variant of an engine that answers one design question.
        case variant
        /// A reference row: the plain-Swift floor or a real library.
        case reference
        /// A real library that people import (OpenCombine, AsyncStream with swift-async-algorithms, or anyone's
        /// own through the plug-in API), run through the same workloads and conformance cases as the engines.
        /// What it cannot express throws `UnsupportedFlow`; its conformance differences are listed, not hidden.
        case library
    }

    /// The CLI and CSV identifier (`sink`, `signal`, `subscriber`, `subscriber-direct`, `baseline`, ...).
    public let id: String
    public let role: Role
    /// What the engine is modelled on, in a few words.
    public let modelledOn: String
    /// Whose rules the row keeps where the modelled libraries disagree (a conformance case's rule names
    /// semantics, not row ids); `nil`: the case's own expectation.
    public let semantics: Semantics?

    public init(id: String, role: Role, modelledOn: String, semantics: Semantics? = nil) {
        self.id = id
        self.role = role
        self.modelledOn = modelledOn
        self.semantics = semantics
    }
}

/// A library whose rules rows follow where the libraries disagree: an engine, its variants and a plug-in row
/// of the real library share one, so a rule written for RxSwift holds RxSwift itself, added as a row, to it.
public struct Semantics: Sendable, Hashable, CustomStringConvertible {
    public let name: String

    public init(_ name: String) { self.name = name }

    public var description: String { name }

    public static let rxSwift = Semantics("RxSwift")
    public static let swiftSignalKit = Semantics("SwiftSignalKit")
    public static let reactiveCocoa = Semantics("ReactiveCocoa")
    public static let reactiveSwift = Semantics("ReactiveSwift")
    public static let combine = Semantics("Combine")
    public static let asyncSequence = Semantics("AsyncSequence")
}

/// An operator that a reference row cannot express. Engines (role `.engine` and `.variant`) never throw it.
public struct UnsupportedFlow: Error, Sendable, CustomStringConvertible {
    public let engine: String
    public let operation: String
    public init(engine: String, operation: String) {
        self.engine = engine
        self.operation = operation
    }
    public var description: String { "\(engine) does not support \(operation)" }
}

extension Flow {
    /// The operator's name, for messages.
    public var operatorName: String {
        switch self {
        case .just: "just"
        case .from: "from"
        case .empty: "empty"
        case .never: "never"
        case .fail: "fail"
        case .create: "create"
        case .deferred: "deferred"
        case .subject: "subject"
        case .map: "map"
        case .compactMap: "compactMap"
        case .filter: "filter"
        case .scan: "scan"
        case .reduce: "reduce"
        case .take: "take"
        case .skip: "skip"
        case .distinctUntilChanged: "distinctUntilChanged"
        case .distinctUntilChangedByKey: "distinctUntilChangedByKey"
        case .distinctUntilChangedByComparer: "distinctUntilChangedByComparer"
        case .tryMap: "tryMap"
        case .tryFilter: "tryFilter"
        case .tryScan: "tryScan"
        case .tryReduce: "tryReduce"
        case .tryFlatMap: "tryFlatMap"
        case .tryFlatMapLatest: "tryFlatMapLatest"
        case .tryDistinctUntilChangedByKey: "tryDistinctUntilChangedByKey"
        case .tryDistinctUntilChangedByComparer: "tryDistinctUntilChangedByComparer"
        case .tryCatchError: "tryCatchError"
        case .tryUsing: "tryUsing"
        case .startWith: "startWith"
        case .tap: "tap"
        case .asyncMap: "asyncMap"
        case .asyncFilter: "asyncFilter"
        case .retry: "retry"
        case .catchError: "catchError"
        case .subscribeOn: "subscribeOn"
        case .observeOn: "observeOn"
        case .merge: "merge"
        case .concat: "concat"
        case .flatMap: "flatMap"
        case .flatMapLatest: "flatMapLatest"
        case .combineLatest: "combineLatest"
        case .zip: "zip"
        case .takeUntil: "takeUntil"
        case .using: "using"
        case .system: "system"
        case .feedbackState: "feedbackState"
        case .single: "single"
        case .asSingle: "asSingle"
        case .singleFlatMap: "singleFlatMap"
        }
    }
}

extension EngineAdapter {
    /// Engines that do not count live objects (reference rows) report none.
    public var liveObjects: Int? { nil }

    /// Most rows deliver before the call that caused an event returns.
    public func deliversAsynchronously(_ stream: Stream) -> Bool { false }

    /// Most rows' dispose has stopped everything when it returns.
    public var waitUntilStopped: ((Subscription) -> Void)? { nil }

    /// Subjects take concurrent senders unless the row says otherwise.
    public var concurrentSendingUnsupported: UnsupportedFlow? { nil }

    /// Most rows allocate the same in every run of one scenario.
    public var allocationCountsDependOnHistory: String? { nil }

    /// Converts and subscribes in one call, for tests and the conformance runner (not for measured loops).
    public func subscribe(_ stream: Stream, _ observer: EventObserver) -> Subscription {
        subscribe(stream, with: nativeObserver(observer))
    }
}
