import Foundation
import RxBenchCore

/// A feed into a subject of the case, at a virtual time.
public struct SubjectFeed: Sendable {
    public let subject: Int
    public let recorded: Recorded
    public init(_ subject: Int, _ recorded: Recorded) { self.subject = subject; self.recorded = recorded }
}

/// One marble case, written once and run against every engine.
public struct ConformanceCase: Sendable, CustomStringConvertible {
    public var name: String
    public var sources: [SourceSpec]
    public var subjects: [SubjectKind]
    public var feeds: [SubjectFeed]
    public var build: @Sendable (CaseContext) -> Flow
    public var subscribeAt: Int
    public var disposeAt: Int
    /// The observer disposes its own subscription while receiving this (1-based) value.
    public var disposeOnValue: Int?
    public var expected: [Recorded]
    /// Per source, in the order of `sources`; `nil` skips the check.
    public var expectedSubscriptions: [[SubscriptionInterval]]?
    /// The journal the flow's hooks write; `nil` skips the check.
    public var expectedJournal: [String]?
    /// Where the modelled libraries disagree and each engine keeps its own library's rule instead of one
    /// chosen for all (the one-result trait: docs/decisions/single.md): what the engines named show instead.
    public var engineRules: [EngineRule] = []

    public init(
        _ name: String,
        sources: [SourceSpec] = [],
        subjects: [SubjectKind] = [],
        feeds: [SubjectFeed] = [],
        subscribeAt: Int = 200,
        disposeAt: Int = 1000,
        disposeOnValue: Int? = nil,
        expected: [Recorded],
        subscriptions: [[SubscriptionInterval]]? = nil,
        journal: [String]? = nil,
        build: @escaping @Sendable (CaseContext) -> Flow
    ) {
        self.name = name
        self.sources = sources
        self.subjects = subjects
        self.feeds = feeds
        self.build = build
        self.subscribeAt = subscribeAt
        self.disposeAt = disposeAt
        self.disposeOnValue = disposeOnValue
        self.expected = expected
        self.expectedSubscriptions = subscriptions ?? (sources.isEmpty ? [] : nil)
        self.expectedJournal = journal
    }

    public var description: String { name }

    /// This case as a row with `descriptor` must pass it: the events and source subscriptions of the rule that
    /// names the row's semantics, if one does.
    public func resolved(for descriptor: EngineDescriptor) -> ConformanceCase {
        guard let semantics = descriptor.semantics,
            let rule = engineRules.first(where: { $0.semantics.contains(semantics) })
        else { return self }
        var copy = self
        copy.expected = rule.expected
        if let subscriptions = rule.subscriptions { copy.expectedSubscriptions = subscriptions }
        copy.engineRules = []
        return copy
    }

    /// The same case disposed at `time`: events from `time` on are dropped, source subscriptions started
    /// before `time` end by `time`, later ones never happen. The journal is not checked.
    public func disposed(at time: Int) -> ConformanceCase {
        var copy = self
        copy.name = "\(name) [disposed at \(time)]"
        copy.disposeAt = time
        copy.expected = expected.filter { $0.time < time }
        copy.expectedSubscriptions = expectedSubscriptions.map { logs in
            logs.map { intervals in
                intervals.filter { $0.start < time }.map { interval in
                    SubscriptionInterval(interval.start, min(interval.end ?? time, time))
                }
            }
        }
        copy.expectedJournal = nil
        copy.engineRules = engineRules.map { rule in
            EngineRule(
                rule.semantics, expected: rule.expected.filter { $0.time < time },
                subscriptions: rule.subscriptions.map { logs in
                    logs.map { intervals in
                        intervals.filter { $0.start < time }.map { interval in
                            SubscriptionInterval(interval.start, min(interval.end ?? time, time))
                        }
                    }
                })
        }
        return copy
    }
}

/// The events (and source subscriptions, where given) the rows of some libraries' semantics show for a case
/// instead of the case's own: their library's documented rule where the libraries disagree.
public struct EngineRule: Sendable {
    /// The semantics that keep this rule (`EngineDescriptor.semantics`).
    public let semantics: Set<Semantics>
    public let expected: [Recorded]
    public let subscriptions: [[SubscriptionInterval]]?

    public init(_ semantics: Set<Semantics>, expected: [Recorded], subscriptions: [[SubscriptionInterval]]? = nil) {
        self.semantics = semantics
        self.expected = expected
        self.subscriptions = subscriptions
    }
}

/// What one run of a case on one engine produced.
public struct Outcome: Sendable {
    public var events: [Recorded] = []
    /// Virtual times at which the row's stream was interrupted before the case disposed it (ReactiveSwift's
    /// `interrupted`, `EventObserver.interrupted`): the stream ended without a terminal event.
    public var interruptions: [Int] = []
    public var subscriptions: [[SubscriptionInterval]] = []
    /// Per source, how often each subscription's dispose action ran (must be 1 each after the run).
    public var disposeActions: [[Int]] = []
    public var journal: [String] = []
    public var liveBefore: Int?
    /// Sampled right after the subscribe call returned.
    public var liveWhileSubscribed: Int?
    public var liveAfter: Int?
    /// Set when the engine could not translate the flow.
    public var unsupported: String?

    /// Grammar `next* (error | completed)?`: the events after the first terminal one.
    public var eventsAfterTerminal: [Recorded] {
        guard let index = events.firstIndex(where: { $0.event.isTerminal }) else { return [] }
        return Array(events[(index + 1)...])
    }
}

/// Runs `conformanceCase` on `adapter` under a fresh virtual clock: subscribes at `subscribeAt` with an
/// observer that records at the clock's time, disposes at `disposeAt` (or from inside the observer on
/// `disposeOnValue`), runs the clock until nothing is left, releases everything and samples the live
/// object counter before and after.
///
/// `liveObjects` samples the engine's counter; by default `adapter.liveObjects` (an `EngineAdapter`
/// requirement). A caller may pass another counter, for example one that waits for other threads.
public func run<A: EngineAdapter>(
    _ conformanceCase: ConformanceCase, on adapter: A, liveObjects: (@Sendable () -> Int?)? = nil
) -> Outcome {
    let sample = liveObjects ?? { adapter.liveObjects }
    var outcome = Outcome()
    outcome.liveBefore = sample()
    runScoped(conformanceCase, on: adapter, into: &outcome, sample: sample)
    outcome.liveAfter = sample()
    return outcome
}

private func runScoped<A: EngineAdapter>(
    _ conformanceCase: ConformanceCase, on adapter: A, into outcome: inout Outcome, sample: @escaping @Sendable () -> Int?
) {
    let scheduler = VirtualTimeScheduler()
    let sources = conformanceCase.sources.map { TestSource($0, scheduler: scheduler) }
    let context = CaseContext(scheduler: scheduler, journal: Journal(), counter: Counter(), sources: sources)

    let subjects: [A.Subject]
    do {
        subjects = try conformanceCase.subjects.map { (kind) throws(UnsupportedFlow) in try adapter.makeSubject(kind) }
    } catch {
        outcome.unsupported = error.description
        return
    }
    let senders = subjects.map { adapter.sender(for: $0) }
    if let reason = conformanceCase.feeds.lazy.filter({ $0.recorded.event.isTerminal })
        .compactMap({ senders[$0.subject].terminalEventsUnsupported }).first
    {
        outcome.unsupported = reason.description
        return
    }
    // The subjects live until the case has ended: a row's subject may end its stream when released (a
    // ReactiveSwift pipe is interrupted once its input observer is gone), which the case did not ask for.
    defer { withExtendedLifetime(subjects) {} }
    for feed in conformanceCase.feeds {
        let sender = senders[feed.subject]
        scheduler.schedule(at: feed.recorded.time) {
            switch feed.recorded.event {
            case .next(let value): sender.next(value)
            case .error(let error): sender.error(error)
            case .completed: sender.completed()
            }
        }
    }

    let stream: A.Stream
    do {
        stream = try adapter.stream(conformanceCase.build(context), subjects: subjects)
    } catch {
        outcome.unsupported = error.description
        return
    }

    let recorded = LockedBox<[Recorded]>([])
    let interruptions = LockedBox<[Int]>([])
    let subscription = LockedBox<Unchecked<A.Subscription>?>(nil)
    let disposed = LockedBox(false)
    let dispose: @Sendable () -> Void = {
        let handle: Unchecked<A.Subscription>? = subscription.value
        guard let handle, !disposed.value else { return }
        disposed.value = true
        adapter.dispose(handle.value)
    }
    let disposeOnValue = conformanceCase.disposeOnValue
    let observer = EventObserver(
        next: { value in
            recorded.value.append(.next(scheduler.now, value))
            if let disposeOnValue, recorded.value.count == disposeOnValue { dispose() }
        },
        error: { error in recorded.value.append(Recorded(scheduler.now, .error(error))) },
        completed: { recorded.value.append(.completed(scheduler.now)) },
        interrupted: {
            // The acknowledgement of the case's own dispose is no event; an interruption before it is.
            if !disposed.value { interruptions.value.append(scheduler.now) }
        })

    let box = Unchecked(stream)
    let liveWhileSubscribed = LockedBox<Int?>(nil)
    scheduler.schedule(at: conformanceCase.subscribeAt) {
        subscription.value = Unchecked(adapter.subscribe(box.value, observer))
        liveWhileSubscribed.value = sample()
    }
    scheduler.schedule(at: conformanceCase.disposeAt) { dispose() }
    // A row that delivers this stream asynchronously (`EngineAdapter.deliversAsynchronously`): after each step
    // the events it set off on other threads are let arrive at that step's virtual time. Nothing tells when
    // they all have, so the step ends once nothing observable has changed for `quietPolls` polls in a row,
    // each poll first waiting until a job submitted to Swift's global executor has run: when other tests
    // keep the cooperative pool busy, the jobs the step set off wait with it, and a quiet spell of a fixed
    // length would end the step before they ran.
    let settle: (() -> Void)? =
        adapter.deliversAsynchronously(stream)
        ? {
            let quietPolls = 10
            let observed = { "\(recorded.value) \(sources.map(\.subscriptions)) \(context.journal.entries)" }
            var last = observed()
            var quiet = 0
            while quiet < quietPolls {
                waitForGlobalExecutor()
                usleep(2_000)
                let now = observed()
                quiet = now == last ? quiet + 1 : 0
                last = now
            }
        } : nil
    scheduler.run(settle: settle)
    // Dispose in any case (a case with disposeAt before subscribeAt), then drop the handle.
    if subscription.value != nil, !disposed.value { dispose() }
    if let handle = subscription.value, let waitUntilStopped = adapter.waitUntilStopped {
        waitUntilStopped(handle.value)
    }
    subscription.value = nil

    outcome.liveWhileSubscribed = liveWhileSubscribed.value
    outcome.events = recorded.value
    outcome.interruptions = interruptions.value
    outcome.subscriptions = sources.map(\.subscriptions)
    outcome.disposeActions = sources.map(\.disposeActionCounts)
    outcome.journal = context.journal.entries
}

/// Carries a non-`Sendable` engine value through `@Sendable` closures of a single-threaded virtual run.
struct Unchecked<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

/// Blocks until a job submitted now to Swift's global executor has run (at most 10 s). Call it off the
/// cooperative pool: the job needs one of its threads.
private func waitForGlobalExecutor() {
    let ran = DispatchSemaphore(value: 0)
    Task.detached { ran.signal() }
    _ = ran.wait(timeout: .now() + 10)
}
