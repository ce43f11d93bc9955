import Conformance
import Dispatch
import EngineRegistry
import Foundation
import RxBenchCore
import Testing

/// The real libraries (role `library`) on the conformance catalogue. Every case either conforms or is in
/// `LibraryDifferences` with its reason (docs/decisions/real-libraries.md argues each): a new difference
/// fails here, and so does a listed one that went away (remove it from the list and the document).
///
/// Live-object balance does not apply: OpenCombine and Swift concurrency keep no live-object counters
/// (`liveObjects` is nil), so the balance check is skipped for them, not faked. What the engines' counters
/// prove for them, the libraries' own test suites have to.
/// Serialized, and the cases run on a thread of their own (`offThePool`): async-stream's merge, combineLatest
/// and zip deliver from Swift's cooperative pool (two threads here), which a blocked test would starve.
@Suite("Library conformance", .serialized, .timeLimit(.minutes(5)))
struct LibraryConformanceTests {
    static let libraries = ["opencombine", "async-stream", "async-channel"]

    @Test("every catalogue case conforms or is a listed difference", arguments: libraries)
    func knownDifferences(_ id: String) async throws {
        let engine = try #require(EngineRegistry.engine(id: id))
        #expect(engine.descriptor.role == .library)
        #expect(engine.adapter.liveObjects == nil, "a library that counts live objects gets the balance check")
        let report: ConformanceReport = await offThePool { [self] in self.report(engine.adapter) }
        let known = LibraryDifferences.all[id] ?? [:]
        var differing: Set<String> = []
        for (name, differences) in report.differing {
            differing.insert(name)
            guard let expectation = known[name] else {
                Issue.record("\(id): new difference in '\(name)': \(differences.joined(separator: "; "))")
                continue
            }
            switch expectation {
            case .unsupported, .differs, .differsInSomeOrders:
                // The observed events (and subscriptions, journal) themselves: a change fails here.
                #expect(differences == LibraryObserved.all[id]?[name], "\(id) '\(name)'")
                if case .unsupported = expectation {
                    #expect(differences.count == 1 && differences[0].hasPrefix("unsupported:"), "\(id) '\(name)'")
                }
            case .sameTimeOrder:
                #expect(!differences.contains { $0.hasPrefix("unsupported:") }, "\(id) '\(name)': \(differences)")
            }
        }
        for (name, expectation) in known where !differing.contains(name) {
            // The order of one run may happen to be the expected one.
            if case .sameTimeOrder = expectation { continue }
            if case .differsInSomeOrders = expectation { continue }
            Issue.record("\(id): '\(name)' now conforms: remove it from LibraryDifferences and the document")
        }
        print("\(id): \(report.passed) of \(ConformanceCases.all.count) catalogue cases conform")
        #expect(report.passed + report.differing.count == ConformanceCases.all.count)
    }

    /// Where the order among events of one virtual time is the library's (a hashed subscriber set, pool
    /// threads), the events at each time must still be the expected ones.
    @Test("events of one virtual time are the expected ones, in some order", arguments: libraries)
    func sameTimeOrder(_ id: String) async throws {
        let engine = try #require(EngineRegistry.engine(id: id))
        let listed = (LibraryDifferences.all[id] ?? [:]).filter { if case .sameTimeOrder = $0.value { true } else { false } }
        #expect(!listed.isEmpty)
        for conformanceCase in ConformanceCases.all where listed[conformanceCase.name] != nil {
            let outcome: Outcome = await offThePool { [self] in self.run(conformanceCase, on: engine.adapter) }
            #expect(outcome.events.sorted(by: order) == conformanceCase.expected.sorted(by: order), "\(conformanceCase.name)")
        }
    }

    private func order(_ a: Recorded, _ b: Recorded) -> Bool {
        a.time != b.time ? a.time < b.time : a.event.description < b.event.description
    }

    /// `body` on a thread of its own, so that its blocking waits leave the cooperative pool's threads free.
    private func offThePool<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: body()) }.start()
        }
    }

    private func report<A: EngineAdapter>(_ adapter: A) -> ConformanceReport {
        conformanceReport(for: adapter)
    }

    private func run<A: EngineAdapter>(_ conformanceCase: ConformanceCase, on adapter: A) -> Outcome {
        Conformance.run(conformanceCase, on: adapter)
    }

    // MARK: Real time: threads and queues

    @Test("concurrent senders into a subject deliver every value exactly once", arguments: libraries)
    func concurrentSenders(_ id: String) throws {
        let engine = try #require(EngineRegistry.engine(id: id))
        try concurrentSenders(on: engine.adapter)
    }

    private func concurrentSenders<A: EngineAdapter>(on adapter: A) throws {
        let threads = 4, perThread = 5_000
        for kind in [SubjectKind.publish, .replayLast(initial: nil)] {
            let seen = try sendFromThreads(on: adapter, kind, threads: threads, perThread: perThread)
            #expect(seen.everyValueOnce(), "\(adapter.descriptor.id) \(kind)")
        }
    }

    @Test("dispose racing delivery stops delivery", arguments: libraries)
    func disposeRacing(_ id: String) throws {
        let engine = try #require(EngineRegistry.engine(id: id))
        try disposeRacing(on: engine.adapter)
    }

    private func disposeRacing<A: EngineAdapter>(on adapter: A) throws {
        for _ in 0..<50 {
            let subject = try adapter.makeSubject(.publish)
            let sender = adapter.sender(for: subject)
            let stream = try adapter.stream(.map(.subject(0), .identity), subjects: [subject])
            let delivered = Counter()
            let subscription = UncheckedHandle(adapter.subscribe(stream, EventObserver(next: { _ in delivered.increment() })))
            let senderDone = Counter()
            DispatchQueue.concurrentPerform(iterations: 2) { index in
                if index == 0 {
                    for value in 0..<2_000 { sender.next(value) }
                    senderDone.increment()
                } else {
                    while delivered.value < 100 && senderDone.value == 0 {}
                    adapter.dispose(subscription.value)
                    adapter.dispose(subscription.value)
                }
            }
            let afterRace = delivered.value
            for value in 0..<100 { sender.next(value) }
            #expect(delivered.value == afterRace, "delivery after dispose returned")
        }
    }

    @Test("opencombine: receive(on: serial queue) delivers every event in order on the queue")
    func receiveOnSerialQueue() throws {
        let engine = try #require(EngineRegistry.engine(id: "opencombine"))
        try receiveOnSerialQueue(engine.adapter)
    }

    private func receiveOnSerialQueue<A: EngineAdapter>(_ adapter: A) throws {
        let queue = MarkedQueue(label: "library-conformance.receiveOn")
        let stream = try adapter.stream(.observeOn(.from(Array(0..<1_000)), .serial(queue.queue)), subjects: [])
        let values = ArrivalCounts(1_000)
        let offQueue = Counter()
        let done = DispatchSemaphore(value: 0)
        let last = Counter()
        let subscription = adapter.subscribe(
            stream,
            EventObserver(
                next: { value in
                    if !queue.isCurrent { offQueue.increment() }
                    if value == last.value { last.increment() }
                    values.mark(value)
                },
                completed: { done.signal() }))
        #expect(done.wait(timeout: .now() + 10) == .success)
        adapter.dispose(subscription)
        #expect(values.everyValueOnce())
        #expect(last.value == 1_000, "in order")
        #expect(offQueue.value == 0)
    }
}

/// How a library row differs on one case.
enum LibraryDifference {
    /// The row cannot express the case's flow (`UnsupportedFlow`, reason in the message).
    case unsupported(String)
    /// The row runs it and its events, subscriptions or journal differ, for this reason.
    case differs(String)
    /// Events of one virtual time arrive in an order that changes between runs (a subject's hashed subscriber
    /// set, merge's pool threads); the events at each time are the expected ones.
    case sameTimeOrder(String)
    /// Whether the case conforms depends on an order that changes between runs (a subject's hashed subscriber
    /// set); when it does not, its events are the listed ones.
    case differsInSomeOrders(String)
}

/// The asserted list. Each reason is a paragraph of docs/decisions/real-libraries.md.
enum LibraryDifferences {
    static let all: [String: [String: LibraryDifference]] = [
        "opencombine": openCombine.merging(replayCases(noReplayBufferSubject)) { listed, _ in listed },
        "async-stream": asyncStream.merging(replayCases(noReplayBufferSubject)) { listed, _ in listed },
        "async-channel": asyncChannel.merging(replayCases(noReplayBufferSubject)) { listed, _ in listed },
    ]

    /// Neither library has a subject that replays n values: both decline `.replay(bufferSize:)`.
    private static let noReplayBufferSubject = LibraryDifference.unsupported(
        "no replay subject with a buffer (Combine: Passthrough/CurrentValue only; Swift concurrency: none)")

    /// Every replay(n) subject case, disposed variants included, with `difference`.
    private static func replayCases(_ difference: LibraryDifference) -> [String: LibraryDifference] {
        Dictionary(
            uniqueKeysWithValues: ConformanceCases.all.filter { $0.name.hasPrefix("replay(") }.map { ($0.name, difference) })
    }

    private static let prefixLate = LibraryDifference.differs(
        "OpenCombine's prefix(n) completes (and cancels upstream) only when the (n+1)th value arrives")
    private static let handleEventsTiming = LibraryDifference.differs(
        "handleEvents' receiveSubscription runs when upstream hands down its subscription, after it subscribed")
    private static let flatMapInnerError = LibraryDifference.differs(
        "OpenCombine's flatMap does not cancel its upstream when an inner publisher fails")
    private static let prefixUntilOutput = LibraryDifference.differs(
        "prefix(untilOutputFrom:) keeps the trigger subscribed after its first value and ignores its errors")
    private static let subjectOrder = LibraryDifference.sameTimeOrder(
        "PassthroughSubject keeps subscribers in a hashed set: delivery order among them varies")

    private static let removeDuplicatesLastReceived = LibraryDifference.differs(
        "removeDuplicates(by:) compares with the last value received, not the last forwarded (RxSwift's)")

    private static let tryRemoveDuplicatesLastReceived = LibraryDifference.differs(
        "tryRemoveDuplicates(by:) compares with the last value received, not the last forwarded (RxSwift's)")
    private static let keyInsideComparison = LibraryDifference.differs(
        "Combine has no key form of (try)removeDuplicates: the key is taken inside the comparison, which the first value never reaches")

    private static let noReplayAfterCompletion = LibraryDifference.differs(
        "Combine has no replay subject: CurrentValueSubject sends a late subscriber only the completion")

    private static let siblingOrder = LibraryDifference.differsInSomeOrders(
        "PassthroughSubject keeps its subscribers in a hashed set: when the source's subscription comes before the trigger's, it gets the value before the trigger ends the stream")

    static let openCombine: [String: LibraryDifference] = [
        "publish subject: a sibling disposed during a send gets nothing of it": siblingOrder,
        "replayLast subject: a late subscriber to a completed subject gets the last value, then completed":
            noReplayAfterCompletion,
        "replayLast subject: a late subscriber to a failed subject gets the last value, then the error":
            noReplayAfterCompletion,
        "take(2): completes and disposes upstream at the 2nd value": prefixLate,
        "distinctUntilChanged by comparer: compares with the last value forwarded": removeDuplicatesLastReceived,
        "tryDistinctUntilChanged by comparer: values pass as by comparer while the comparer returns":
            tryRemoveDuplicatesLastReceived,
        "tryDistinctUntilChanged by key: the first value's key is taken, and its throw ends the stream":
            keyInsideComparison,
        "take(0): completes without subscribing upstream": prefixLate,
        "take(1) disposes upstream through a chain": prefixLate,
        "tap: onSubscribe before the source is subscribed": handleEventsTiming,
        "flatMap: inner error terminates and disposes outer and inners": flatMapInnerError,
        "tryFlatMap: a throw ends with its error and disposes the source and the inner flows at once": flatMapInnerError,
        "takeUntil: completes at the trigger's first value, disposing both": prefixUntilOutput,
        "takeUntil: a trigger error is forwarded": prefixUntilOutput,
        "publish subject: two subscribers": subjectOrder,
        "publish subject: two subscribers [disposed at 211]": subjectOrder,
        "behavior subject: two subscribers each get the current value": subjectOrder,
        "single: an answer later; the producer is disposed after it": futureNotCancellable,
        "single: dispose before the answer: nothing is delivered, the producer is disposed": futureNotCancellable,
        "single: the second request answers later": futureNotCancellable,
        "single: dispose while the second request is pending": futureNotCancellable,
    ]

    private static let futureNotCancellable = LibraryDifference.differs(
        "a Future has no cancellation: the request is never told it ended (docs/decisions/single.md)")

    private static let eagerIterators = LibraryDifference.differs(
        "chain makes every input's iterator when it starts: in this row making an iterator subscribes")
    private static let prefixZero = LibraryDifference.differs(
        "prefix(0) makes its base iterator (subscribes) before it answers nil")
    private static let sequentialMap = LibraryDifference.differs(
        "an async map/filter awaits one value at a time: results in source order, the source waits")
    private static let sequentialFlatMap = LibraryDifference.differs(
        "the standard library's flatMap iterates one inner sequence at a time (concatMap)")
    private static let flatMapLatestUnreleased = LibraryDifference.unsupported(
        "swift-async-algorithms 1.1.4's flatMapLatest (marked as the package's 1.3 API) crashes or hangs on Linux")
    private static let keyInsideRemoveDuplicates = LibraryDifference.differs(
        "removeDuplicates(by:) has no key form: the key is taken inside the comparison, which the first value never reaches")
    private static let combineLatestEndsEarly = LibraryDifference.differs(
        "swift-async-algorithms' combineLatest finishes as soon as an input finishes without a value")
    private static let sameTimeOrder = LibraryDifference.sameTimeOrder(
        "merge delivers from pool threads: events of one virtual time arrive in the order the threads run")
    private static let noOperator = LibraryDifference.unsupported("no such operator in Swift concurrency")
    private static let concurrentInputs = LibraryDifference.differsInSomeOrders(
        "combineLatest iterates its inputs concurrently, on pool threads: when the second input's value arrives before the first's last one, a pair with an earlier value is sent too")

    private static let mergeErrorRace = LibraryDifference.differsInSomeOrders(
        "merge iterates its inputs concurrently, on pool threads: an error from one input ends it, and a value another input had at the same time is delivered only if its thread ran first")

    private static let terminalOnly = LibraryDifference.differs(
        "a terminated stream subject finishes a new subscriber's stream at once, without replaying its value")

    static let asyncStream: [String: LibraryDifference] = [
        "tryFlatMap: a throw ends with its error and disposes the source and the inner flows at once": sequentialFlatMap,
        "replayLast subject: a late subscriber to a completed subject gets the last value, then completed": terminalOnly,
        "replayLast subject: a late subscriber to a failed subject gets the last value, then the error": terminalOnly,
        "combineLatest: an input that completes without a value does not end it; completes when all have": combineLatestEndsEarly,
        "combineLatest: another input's values after one completed without a value do not end it": combineLatestEndsEarly,
        "combineLatest(3): an input without a value leaves it open until the last input completes": combineLatestEndsEarly,
        "combineLatest: an empty synchronous input leaves it open while another input is": combineLatestEndsEarly,
        "combineLatest: synchronous inputs (the first runs to completion before the second)": concurrentInputs,
        "merge: a value delivered while subscribing, then an input that fails as it is subscribed": mergeErrorRace,
        "deferred: scripted source subscribed per subscription": eagerIterators,
        "deferred: scripted source subscribed per subscription [disposed at 211]": eagerIterators,
        "concat: next input subscribed after the previous completed": eagerIterators,
        "concat: next input subscribed after the previous completed [disposed at 211]": eagerIterators,
        "concat: error stops before the next input": eagerIterators,
        "concat: error stops before the next input [disposed at 211]": eagerIterators,
        "concat: a hot input's events before its subscription are missed": eagerIterators,
        "concat: a hot input's events before its subscription are missed [disposed at 211]": eagerIterators,
        "take(0): completes without subscribing upstream": prefixZero,
        "single: cold: the producer does not run without a subscription": eagerIterators,
        "asyncMap: replies forwarded in arrival order": sequentialMap,
        "asyncMap: replies forwarded in arrival order [disposed at 226]": sequentialMap,
        "asyncMap: error": sequentialMap,
        "asyncMap: error [disposed at 226]": sequentialMap,
        "asyncFilter: verdicts in arrival order": sequentialMap,
        "asyncFilter: verdicts in arrival order [disposed at 236]": sequentialMap,
        "asyncFilter: error": sequentialMap,
        "asyncFilter: error [disposed at 236]": sequentialMap,
        "flatMap: inner flows run concurrently; completes after outer and every inner": sequentialFlatMap,
        "flatMap: inner error terminates and disposes outer and inners": sequentialFlatMap,
        "flatMap: outer error disposes the inners": sequentialFlatMap,
        "publish subject: a subscriber added during a send gets the next value, not that one": sequentialFlatMap,
        "publish subject: a sibling disposed during a send gets nothing of it": noOperator,
        "flatMapLatest: a new inner disposes the previous one at the switch": flatMapLatestUnreleased,
        "flatMapLatest: a new inner disposes the previous one at the switch [disposed at 221]": flatMapLatestUnreleased,
        "flatMapLatest: outer error disposes the inner": flatMapLatestUnreleased,
        "flatMapLatest: outer error disposes the inner [disposed at 221]": flatMapLatestUnreleased,
        "flatMapLatest: synchronous inners": flatMapLatestUnreleased,
        "tryFlatMapLatest: inner values pass as flatMapLatest's while the selector returns": flatMapLatestUnreleased,
        "tryFlatMapLatest: inner values pass as flatMapLatest's while the selector returns [disposed at 221]":
            flatMapLatestUnreleased,
        "tryFlatMapLatest: a throw ends with its error and disposes the source and the current inner at once":
            flatMapLatestUnreleased,
        "tryFlatMapLatest: a throw ends with its error and disposes the source and the current inner at once [disposed at 216]":
            flatMapLatestUnreleased,
        "tryFlatMapLatest: the current inner sees its dispose at the throw's time": flatMapLatestUnreleased,
        "tryFlatMapLatest: the current inner sees its dispose at the throw's time [disposed at 216]": flatMapLatestUnreleased,
        "tryFlatMapLatest: a throw during a synchronous source stops it": flatMapLatestUnreleased,
        "tryDistinctUntilChanged by key: the first value's key is taken, and its throw ends the stream":
            keyInsideRemoveDuplicates,
        "takeUntil: completes at the trigger's first value, disposing both": noOperator,
        "takeUntil: completes at the trigger's first value, disposing both [disposed at 211]": noOperator,
        "takeUntil: a trigger error is forwarded": noOperator,
        "takeUntil: a trigger error is forwarded [disposed at 211]": noOperator,
        "takeUntil: source completion ends it": noOperator,
        "takeUntil: source completion ends it [disposed at 211]": noOperator,
        "takeUntil: a synchronous trigger completes at once": noOperator,
        "using: acquired at subscription, released once at completion": noOperator,
        "tryUsing: the body runs with the resource, released once at completion": noOperator,
        "tryUsing: a throwing resource factory fails at subscription; nothing to release": noOperator,
        "tryUsing: a throwing body factory fails at subscription and releases the resource": noOperator,
        "using: acquired at subscription, released once at completion [disposed at 211]": noOperator,
        "using: released once at error": noOperator,
        "using: released once at error [disposed at 211]": noOperator,
        "using: released once at dispose": noOperator,
        "using: body error at subscription releases once": noOperator,
        "behavior subject: two subscribers each get the current value": sameTimeOrder,
        "merge of synchronous sources": sameTimeOrder,
        "publish subject: two subscribers": sameTimeOrder,
        "publish subject: two subscribers [disposed at 211]": sameTimeOrder,
    ]

    private static let sendWaitsForEverySubscriber = LibraryDifference.differs(
        "a send waits until each subscriber in turn has taken the value: a subscriber that stops iterating (the standard library's flatMap, inside an inner sequence) holds the value back from itself and every later subscriber")

    /// The same operators as async-stream's; the subject's sends wait for its subscribers.
    static let asyncChannel: [String: LibraryDifference] = asyncStream.merging([
        "publish subject: a subscriber added during a send gets the next value, not that one": sendWaitsForEverySubscriber,
        "publish subject: a subscriber added during a send gets the next value, not that one [disposed at 221]":
            sendWaitsForEverySubscriber,
    ]) { _, channel in channel }
}
