import RxBenchCore

// The conformance catalogue: every case written once, as data, and run against every engine.
// Times follow RxSwift's TestScheduler conventions: subscribe at 200, dispose at 1000.

private let x10 = IntTransform("x10") { $0 * 10 }
private let e1 = BenchError(1)
private let e2 = BenchError(2)

/// The rows that keep RxSwift 6.10.2's rules where the modelled libraries disagree (`sink` and its variants,
/// and the real RxSwift row): docs/decisions/completion-rules.md.
let rxSwiftRows: Set<Semantics> = [.rxSwift]

/// The rows that keep SwiftSignalKit's rules (`signal` and its variants, and the real SwiftSignalKit row).
let swiftSignalKitRows: Set<Semantics> = [.swiftSignalKit]

private func sub(_ start: Int, _ end: Int? = nil) -> SubscriptionInterval { SubscriptionInterval(start, end) }

/// A hot source 1@210, 2@220, 3@230, completed@240 (and a 0@150 nobody sees).
private let hot123: SourceSpec = .hot([.next(150, 0), .next(210, 1), .next(220, 2), .next(230, 3), .completed(240)])
/// The same, failing at 240 instead.
private let hot123Error: SourceSpec = .hot([.next(150, 0), .next(210, 1), .next(220, 2), .next(230, 3), .error(240, 1)])

public enum ConformanceCases {
    /// Every case, with a "disposed mid-stream" variant for each that has events after its first.
    public static var all: [ConformanceCase] {
        var cases: [ConformanceCase] = []
        for base in baseCases {
            cases.append(base)
            let times = base.expected.map(\.time).filter { $0 > base.subscribeAt }
            if base.disposeOnValue == nil, base.disposeAt == 1000, let first = times.first,
                let last = times.last, first + 1 < last
            {
                cases.append(base.disposed(at: first + 1))
            }
        }
        return cases
    }

    public static let baseCases: [ConformanceCase] = sources + oneInput + asynchronous + recovery + severalInputs
        + subjectsAndSystem + disposal + compositions + scheduling + singles + throwing + throwingUsing + distinct
        + throwingDistinct + replay

    // MARK: Sources

    static let sources: [ConformanceCase] = [
        ConformanceCase("just", expected: [.next(200, 7), .completed(200)]) { _ in .just(7) },
        ConformanceCase("from", expected: [.next(200, 1), .next(200, 2), .next(200, 3), .completed(200)]) { _ in
            .from([1, 2, 3])
        },
        ConformanceCase("from empty array", expected: [.completed(200)]) { _ in .from([]) },
        ConformanceCase("empty", expected: [.completed(200)]) { _ in .empty },
        ConformanceCase("never", expected: []) { _ in .never },
        ConformanceCase("fail", expected: [.error(200, 1)]) { _ in .fail(e1) },
        ConformanceCase(
            "create: cold script",
            sources: [.cold([.next(10, 1), .next(20, 2), .completed(30), .next(40, 9)])],
            expected: [.next(210, 1), .next(220, 2), .completed(230)],
            subscriptions: [[sub(200, 230)]]
        ) { c in c.source(0) },
        onHot123("create: hot script", values: [.next(210, 1), .next(220, 2), .next(230, 3)]) { $0 },
        onHot123("create: error", failing: true, values: [.next(210, 1), .next(220, 2), .next(230, 3)]) { $0 },
        ConformanceCase(
            "deferred: factory runs once per subscription, at subscription",
            expected: [.next(200, 1), .next(200, 2), .completed(200)],
            journal: ["factory@200", "factory@200"]
        ) { c in
            let deferred = Flow.deferred(FlowFactory("counted") {
                c.log("factory")
                return .just(c.counter.increment())
            })
            return .concat([deferred, deferred])
        },
        ConformanceCase(
            "deferred: scripted source subscribed per subscription",
            sources: [.cold([.next(10, 1), .completed(20)])],
            expected: [.next(210, 1), .next(230, 1), .completed(240)],
            subscriptions: [[sub(200, 220), sub(220, 240)]]
        ) { c in
            let deferred = Flow.deferred(FlowFactory("source") { c.source(0) })
            return .concat([deferred, deferred])
        },
    ]

    // MARK: One input

    static let oneInput: [ConformanceCase] = [
        onHot123("map", values: [.next(210, 10), .next(220, 20), .next(230, 30)]) { .map($0, x10) },
        onHot123(
            "map: error", failing: true,
            values: [.next(210, 10), .next(220, 20), .next(230, 30)]
        ) { .map($0, x10) },
        onHot123(
            "compactMap",
            values: [.next(210, 100), .next(230, 300)]
        ) { .compactMap($0, IntPartialTransform("odd x100") { $0 % 2 == 1 ? $0 * 100 : nil }) },
        onHot123("filter", values: [.next(220, 2)]) { .filter($0, IntPredicate("even") { $0 % 2 == 0 }) },
        onHot123(
            "filter: error", failing: true,
            values: [.next(220, 2)]
        ) { .filter($0, IntPredicate("even") { $0 % 2 == 0 }) },
        onHot123(
            "scan: intermediate accumulations, seed not emitted",
            values: [.next(210, 11), .next(220, 13), .next(230, 16)]
        ) { .scan($0, seed: 10, .sum) },
        onHot123(
            "scan: error", failing: true,
            values: [.next(210, 11), .next(220, 13), .next(230, 16)]
        ) { .scan($0, seed: 10, .sum) },
        onHot123("reduce", values: [.next(240, 16)]) { .reduce($0, seed: 10, .sum) },
        ConformanceCase(
            "reduce: empty source emits the seed", sources: [.hot([.completed(230)])],
            expected: [.next(230, 10), .completed(230)],
            subscriptions: [[sub(200, 230)]]
        ) { c in .reduce(c.source(0), seed: 10, .sum) },
        onHot123("reduce: error", failing: true, values: []) { .reduce($0, seed: 10, .sum) },
        ConformanceCase(
            "take(2): completes and disposes upstream at the 2nd value",
            sources: [.cold([.next(10, 1), .next(20, 2), .next(30, 3), .completed(40)])],
            expected: [.next(210, 1), .next(220, 2), .completed(220)],
            subscriptions: [[sub(200, 220)]]
        ) { c in .take(c.source(0), count: 2) },
        onHot123("take(5) of 3", values: [.next(210, 1), .next(220, 2), .next(230, 3)]) { .take($0, count: 5) },
        ConformanceCase(
            "take(0): completes without subscribing upstream", sources: [hot123],
            expected: [.completed(200)],
            subscriptions: [[]]
        ) { c in .take(c.source(0), count: 0) }
            // SwiftSignalKit counts each value and completes when the count reaches `count`; at 0 no value
            // passes and the count never equals it, so take(0) subscribes and completes with its source
            // (Signal_Take.swift:3-28 at the pinned fork).
            .rule(swiftSignalKitRows, [.completed(240)], [[sub(200, 240)]]),
        onHot123(
            "take: error before count", failing: true,
            values: [.next(210, 1), .next(220, 2), .next(230, 3)]
        ) { .take($0, count: 5) },
        onHot123("skip(2)", values: [.next(230, 3)]) { .skip($0, count: 2) },
        onHot123("skip: error", failing: true, values: [.next(230, 3)]) { .skip($0, count: 2) },
        ConformanceCase(
            "distinctUntilChanged",
            sources: [.hot([.next(210, 1), .next(220, 1), .next(230, 2), .next(240, 2), .next(250, 1), .completed(260)])],
            expected: [.next(210, 1), .next(230, 2), .next(250, 1), .completed(260)],
            subscriptions: [[sub(200, 260)]]
        ) { c in .distinctUntilChanged(c.source(0)) },
        onHot123(
            "startWith: values first, synchronously, then the source",
            values: [.next(200, 8), .next(200, 9), .next(210, 1), .next(220, 2), .next(230, 3)]
        ) { .startWith($0, [8, 9]) },
        ConformanceCase(
            "tap: hooks in order, onDispose once after completion",
            sources: [.cold([.next(10, 1), .next(20, 2), .completed(30)])],
            expected: [.next(210, 1), .next(220, 2), .completed(230)],
            subscriptions: [[sub(200, 230)]],
            journal: ["subscribe@200", "next(1)@210", "next(2)@220", "completed@230", "dispose"]
        ) { c in .tap(c.source(0), hooks(c)) },
        ConformanceCase(
            "tap: onDispose once after error",
            sources: [.cold([.next(10, 1), .error(20, 2)])],
            expected: [.next(210, 1), .error(220, 2)],
            subscriptions: [[sub(200, 220)]],
            journal: ["subscribe@200", "next(1)@210", "error(2)@220", "dispose"]
        ) { c in .tap(c.source(0), hooks(c)) },
        ConformanceCase(
            "tap: onDispose at dispose time",
            sources: [.cold([.next(10, 1), .next(20, 2), .completed(30)])],
            disposeAt: 215,
            expected: [.next(210, 1)],
            subscriptions: [[sub(200, 215)]],
            journal: ["subscribe@200", "next(1)@210", "dispose"]
        ) { c in .tap(c.source(0), hooks(c)) },
        ConformanceCase(
            "tap: onSubscribe before the source is subscribed",
            expected: [.next(200, 1), .completed(200)],
            journal: ["subscribe@200", "source@200", "next(1)@200", "completed@200", "dispose"]
        ) { c in
            .tap(.deferred(FlowFactory("logged") { c.log("source"); return .just(1) }), hooks(c))
        },
    ]

    /// `stage` on `hot123`, or with `failing` on `hot123Error`: `values`, then the source's completion or error
    /// at 240, which ends the source's subscription.
    private static func onHot123(
        _ name: String, failing: Bool = false, values: [Recorded], _ stage: @escaping @Sendable (Flow) -> Flow
    ) -> ConformanceCase {
        ConformanceCase(
            name, sources: [failing ? hot123Error : hot123],
            expected: values + [failing ? .error(240, 1) : .completed(240)], subscriptions: [[sub(200, 240)]]
        ) { c in stage(c.source(0)) }
    }

    /// Tap hooks that log into the journal; onDispose logs without a time (it runs once the subscription
    /// ends, which after a terminal event the engines may do at different moments).
    static func hooks(_ c: CaseContext) -> TapHooks {
        TapHooks(
            onSubscribe: { c.log("subscribe") },
            onNext: { c.log("next(\($0))") },
            onError: { c.log("error(\($0.code))") },
            onCompleted: { c.log("completed") },
            onDispose: { c.journal.append("dispose") })
    }

    // MARK: Asynchronous transforms

    /// Replies through the virtual clock: value 1 after 25 ticks, 2 after 5, 3 after 20 (out of order).
    static func delay(_ value: Int) -> Int { [1: 25, 2: 5, 3: 20][value] ?? 1 }

    /// x10, each reply `delay(value)` ticks later on the case's clock.
    static func delayedX10(_ c: CaseContext) -> AsyncTransform {
        AsyncTransform("delayed x10") { value, reply in
            c.scheduler.schedule(after: delay(value)) { reply(value * 10) }
        }
    }

    /// Whether the value is odd, each verdict `delay(value)` ticks later on the case's clock.
    static func delayedOdd(_ c: CaseContext) -> AsyncPredicate {
        AsyncPredicate("delayed odd") { value, reply in
            c.scheduler.schedule(after: delay(value)) { reply(value % 2 == 1) }
        }
    }

    static let asynchronous: [ConformanceCase] = [
        ConformanceCase(
            "asyncMap: replies forwarded in arrival order",
            sources: [.hot([.next(210, 1), .next(220, 2), .next(230, 3), .completed(240)])],
            expected: [.next(225, 20), .next(235, 10), .next(250, 30), .completed(250)],
            subscriptions: [[sub(200, 240)]]
        ) { c in .asyncMap(c.source(0), delayedX10(c)) },
        ConformanceCase(
            "asyncMap: error",
            sources: [.hot([.next(210, 1), .next(220, 2), .error(230, 1)])],
            expected: [.next(225, 20), .error(230, 1)],
            subscriptions: [[sub(200, 230)]]
        ) { c in .asyncMap(c.source(0), delayedX10(c)) },
        onHot123(
            "asyncMap: synchronous replies",
            values: [.next(210, 10), .next(220, 20), .next(230, 30)]
        ) { .asyncMap($0, AsyncTransform("sync x10") { value, reply in reply(value * 10) }) },
        ConformanceCase(
            "asyncFilter: verdicts in arrival order",
            sources: [.hot([.next(210, 1), .next(220, 2), .next(230, 3), .completed(240)])],
            expected: [.next(235, 1), .next(250, 3), .completed(250)],
            subscriptions: [[sub(200, 240)]]
        ) { c in .asyncFilter(c.source(0), delayedOdd(c)) },
    ]

    // MARK: Recovery

    static let recovery: [ConformanceCase] = [
        ConformanceCase(
            "retry: resubscribes until attempts are used up",
            sources: [.cold([.next(10, 1), .error(20, 1)])],
            expected: [.next(210, 1), .next(230, 1), .next(250, 1), .error(260, 1)],
            subscriptions: [[sub(200, 220), sub(220, 240), sub(240, 260)]]
        ) { c in .retry(c.source(0), attempts: 3) },
        ConformanceCase(
            "retry: completion ends it",
            sources: [.cold([.next(10, 1), .completed(20)])],
            expected: [.next(210, 1), .completed(220)],
            subscriptions: [[sub(200, 220)]]
        ) { c in .retry(c.source(0), attempts: 3) },
        ConformanceCase(
            "retry: succeeds on the second attempt",
            expected: [.next(200, 1), .next(200, 2), .completed(200)]
        ) { c in
            .retry(.deferred(FlowFactory("fails once") {
                c.counter.increment() == 1 ? .concat([.just(1), .fail(e1)]) : .just(2)
            }), attempts: 3)
        },
        ConformanceCase(
            "catchError: continues with the handler's flow for that error",
            sources: [.hot([.next(210, 1), .next(220, 2), .error(230, 2), .next(240, 9)]),
                      .cold([.next(10, 100), .completed(20)])],
            expected: [.next(210, 1), .next(220, 2), .next(230, 2), .next(240, 100), .completed(250)],
            subscriptions: [[sub(200, 230)], [sub(230, 250)]]
        ) { c in
            .catchError(c.source(0), ErrorHandler("code then source 1") { error in
                .concat([.just(error.code), c.source(1)])
            })
        },
        ConformanceCase(
            "catchError: error of the handler's flow",
            sources: [.hot([.next(210, 1), .error(220, 1)])],
            expected: [.next(210, 1), .error(220, 2)]
        ) { c in .catchError(c.source(0), ErrorHandler("fail 2") { _ in .fail(e2) }) },
        onHot123(
            "catchError: completion passes through",
            values: [.next(210, 1), .next(220, 2), .next(230, 3)]
        ) { .catchError($0, ErrorHandler("just 0") { _ in .just(0) }) },
        ConformanceCase(
            "using: acquired at subscription, released once at completion",
            sources: [.cold([.next(10, 1), .completed(20)])],
            expected: [.next(210, 6), .completed(220)],
            subscriptions: [[sub(200, 220)]],
            journal: ["acquire@200", "release(5)@220"]
        ) { c in .using(resource(c), ResourceFlow { r in .map(c.source(0), IntTransform("+r") { $0 + r }) }) },
        ConformanceCase(
            "using: released once at error",
            sources: [.cold([.next(10, 1), .error(20, 1)])],
            expected: [.next(210, 6), .error(220, 1)],
            subscriptions: [[sub(200, 220)]],
            journal: ["acquire@200", "release(5)@220"]
        ) { c in .using(resource(c), ResourceFlow { r in .map(c.source(0), IntTransform("+r") { $0 + r }) }) },
        ConformanceCase(
            "using: released once at dispose",
            sources: [.cold([.next(10, 1), .next(20, 2), .completed(30)])],
            disposeAt: 215,
            expected: [.next(210, 6)],
            subscriptions: [[sub(200, 215)]],
            journal: ["acquire@200", "release(5)@215"]
        ) { c in .using(resource(c), ResourceFlow { r in .map(c.source(0), IntTransform("+r") { $0 + r }) }) },
    ]

    /// The outer source selects source 1 at 210, then source 2 at 225, and completes at 235: a switching
    /// operator disposes source 1 at the switch and completes when source 2 does.
    static func switchingCase(_ name: String, build: @escaping @Sendable (CaseContext) -> Flow) -> ConformanceCase {
        ConformanceCase(
            name,
            sources: [.hot([.next(210, 1), .next(225, 2), .completed(235)]),
                      .cold([.next(10, 11), .next(30, 12), .completed(40)]),
                      .cold([.next(5, 21), .completed(15)])],
            expected: [.next(220, 11), .next(230, 21), .completed(240)],
            subscriptions: [[sub(200, 235)], [sub(210, 225)], [sub(225, 240)]], build: build)
    }

    static func resource(_ c: CaseContext) -> ResourceHooks {
        ResourceHooks(acquire: { c.log("acquire"); return 5 }, release: { c.log("release(\($0))") })
    }

    // MARK: Several inputs

    /// `join` of two inputs, the first failing at 230 while the second is live: 15 (1 and 5 joined), then the
    /// error, which disposes the second input too.
    static func joinErrorCase(_ name: String, _ join: @escaping @Sendable ([Flow]) -> Flow) -> ConformanceCase {
        ConformanceCase(
            name,
            sources: [.hot([.next(210, 1), .error(230, 1)]), .hot([.next(220, 5), .next(240, 6), .completed(260)])],
            expected: [.next(220, 15), .error(230, 1)],
            subscriptions: [[sub(200, 230)], [sub(200, 230)]]
        ) { c in join([c.source(0), c.source(1)]) }
    }

    /// `join` of an input that fails as it is subscribed, then a live one: the error, at subscription, and nothing
    /// else. Subscriptions are not checked: whether the inputs after a failed one are subscribed, the libraries differ.
    static func failingFirstInputCase(_ name: String, _ join: @escaping @Sendable ([Flow]) -> Flow) -> ConformanceCase {
        ConformanceCase(name, sources: [.hot([.next(210, 3), .completed(220)])], expected: [.error(200, 1)]) { c in
            join([.fail(e1), c.source(0)])
        }
    }

    static let severalInputs: [ConformanceCase] = [
        ConformanceCase(
            "merge",
            sources: [.hot([.next(210, 1), .next(230, 3), .completed(240)]),
                      .hot([.next(220, 2), .next(250, 4), .completed(260)])],
            expected: [.next(210, 1), .next(220, 2), .next(230, 3), .next(250, 4), .completed(260)],
            subscriptions: [[sub(200, 240)], [sub(200, 260)]]
        ) { c in .merge([c.source(0), c.source(1)]) },
        ConformanceCase(
            "merge: first error terminates and disposes the others",
            sources: [.hot([.next(210, 1), .error(225, 1), .next(230, 3)]),
                      .hot([.next(220, 2), .next(250, 4), .completed(260)])],
            expected: [.next(210, 1), .next(220, 2), .error(225, 1)],
            subscriptions: [[sub(200, 225)], [sub(200, 225)]]
        ) { c in .merge([c.source(0), c.source(1)]) },
        ConformanceCase(
            "concat: next input subscribed after the previous completed",
            sources: [.cold([.next(10, 1), .next(20, 2), .completed(30)]), .cold([.next(10, 3), .completed(20)])],
            expected: [.next(210, 1), .next(220, 2), .next(240, 3), .completed(250)],
            subscriptions: [[sub(200, 230)], [sub(230, 250)]]
        ) { c in .concat([c.source(0), c.source(1)]) },
        ConformanceCase(
            "concat: error stops before the next input",
            sources: [.cold([.next(10, 1), .error(20, 1)]), .cold([.next(10, 3), .completed(20)])],
            expected: [.next(210, 1), .error(220, 1)],
            subscriptions: [[sub(200, 220)], []]
        ) { c in .concat([c.source(0), c.source(1)]) },
        ConformanceCase(
            "flatMap: inner flows run concurrently; completes after outer and every inner",
            sources: [.hot([.next(210, 1), .next(225, 2), .completed(232)]),
                      .cold([.next(10, 11), .next(35, 12), .completed(40)]),
                      .cold([.next(5, 21), .completed(15)])],
            expected: [.next(220, 11), .next(230, 21), .next(245, 12), .completed(250)],
            subscriptions: [[sub(200, 232)], [sub(210, 250)], [sub(225, 240)]]
        ) { c in .flatMap(c.source(0), FlowSelector("source(x)") { c.source($0) }) },
        ConformanceCase(
            "flatMap: inner error terminates and disposes outer and inners",
            sources: [.hot([.next(210, 1), .next(225, 2), .completed(300)]),
                      .cold([.next(10, 11), .next(35, 12), .completed(40)]),
                      .cold([.next(5, 21), .error(10, 1)])],
            expected: [.next(220, 11), .next(230, 21), .error(235, 1)],
            subscriptions: [[sub(200, 235)], [sub(210, 235)], [sub(225, 235)]]
        ) { c in .flatMap(c.source(0), FlowSelector("source(x)") { c.source($0) }) },
        switchingCase("flatMapLatest: a new inner disposes the previous one at the switch") { c in
            .flatMapLatest(c.source(0), FlowSelector("source(x)") { c.source($0) })
        },
        ConformanceCase(
            "flatMapLatest: outer error disposes the inner",
            sources: [.hot([.next(210, 1), .error(225, 1)]),
                      .cold([.next(10, 11), .next(30, 12), .completed(40)])],
            expected: [.next(220, 11), .error(225, 1)],
            subscriptions: [[sub(200, 225)], [sub(210, 225)]]
        ) { c in .flatMapLatest(c.source(0), FlowSelector("source(x)") { c.source($0) }) },
        ConformanceCase(
            "combineLatest(2): argument order, completes when all completed",
            sources: [.hot([.next(210, 1), .next(230, 2), .completed(250)]),
                      .hot([.next(220, 5), .next(240, 6), .completed(260)])],
            expected: [.next(220, 15), .next(230, 25), .next(240, 26), .completed(260)],
            subscriptions: [[sub(200, 250)], [sub(200, 260)]]
        ) { c in .combineLatest([c.source(0), c.source(1)], .digits) },
        ConformanceCase(
            "combineLatest(4): argument order",
            sources: [.hot([.next(210, 1), .next(250, 5), .completed(260)]), .hot([.next(220, 2), .completed(261)]),
                      .hot([.next(230, 3), .completed(262)]), .hot([.next(240, 4), .completed(263)])],
            expected: [.next(240, 1234), .next(250, 5234), .completed(263)],
            subscriptions: [[sub(200, 260)], [sub(200, 261)], [sub(200, 262)], [sub(200, 263)]]
        ) { c in .combineLatest([c.source(0), c.source(1), c.source(2), c.source(3)], .digits) },
        joinErrorCase("combineLatest: error terminates and disposes the others") { .combineLatest($0, .digits) },
        ConformanceCase(
            "zip(2): n-th values in argument order",
            sources: [.hot([.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)]),
                      .hot([.next(215, 7), .next(235, 8), .completed(310)])],
            expected: [.next(215, 17), .next(235, 28), .completed(310)],
            subscriptions: [[sub(200, 300)], [sub(200, 310)]]
        ) { c in .zip([c.source(0), c.source(1)], .digits) },
        ConformanceCase(
            "zip(4): argument order",
            sources: [.hot([.next(210, 1)]), .hot([.next(220, 2)]), .hot([.next(230, 3)]), .hot([.next(240, 4)])],
            expected: [.next(240, 1234)]
        ) { c in .zip([c.source(0), c.source(1), c.source(2), c.source(3)], .digits) },
        joinErrorCase("zip: error terminates and disposes the others") { .zip($0, .digits) },
        // A join that ends while it is still subscribing its inputs: the terminal event is the last, and an input
        // subscribed after it (or not subscribed at all: the libraries differ, so subscriptions are not checked)
        // delivers nothing; the runner's live-object count catches an input left subscribed.
        failingFirstInputCase(
            "merge: an input that fails as it is subscribed ends the merge; the inputs after it deliver nothing"
        ) { .merge($0) },
        ConformanceCase(
            "merge: a value delivered while subscribing, then an input that fails as it is subscribed",
            sources: [.hot([.next(210, 3), .completed(220)])],
            expected: [.next(200, 1), .error(200, 1)]
        ) { c in .merge([.just(1), .fail(e1), c.source(0)]) },
        failingFirstInputCase(
            "combineLatest: an input that fails as it is subscribed ends it; the inputs after it deliver nothing"
        ) { .combineLatest($0, .digits) },
        ConformanceCase(
            "combineLatest: the last input fails as it is subscribed, after the first delivered",
            expected: [.error(200, 1)]
        ) { _ in .combineLatest([.just(1), .fail(e1)], .digits) },
        failingFirstInputCase(
            "zip: an input that fails as it is subscribed ends it; the inputs after it deliver nothing"
        ) { .zip($0, .digits) },
        // Completion rules where the modelled libraries disagree: docs/decisions/completion-rules.md.
        ConformanceCase(
            "combineLatest: an input that completes without a value does not end it; completes when all have",
            sources: [.hot([.completed(210)]), .hot([.next(220, 5), .next(230, 6), .completed(250)])],
            expected: [.completed(250)],
            subscriptions: [[sub(200, 210)], [sub(200, 250)]]
        ) { c in .combineLatest([c.source(0), c.source(1)], .digits) }
            // RxSwift: the other input's value finds every other input completed, so one never has a value
            // (CombineLatestSink.next; testCombineLatest_EmptyReturn).
            .rule(rxSwiftRows, [.completed(220)], [[sub(200, 210)], [sub(200, 220)]]),
        ConformanceCase(
            "combineLatest: another input's values after one completed without a value do not end it",
            sources: [.hot([.next(220, 5), .next(230, 6)]), .hot([.next(150, 9), .completed(210)])],
            expected: [],
            subscriptions: [[sub(200, 1000)], [sub(200, 210)]]
        ) { c in .combineLatest([c.source(0), c.source(1)], .digits) }
            // RxSwift (CombineLatestSink.next; testCombineLatest_ReturnEmpty).
            .rule(rxSwiftRows, [.completed(220)], [[sub(200, 220)], [sub(200, 210)]]),
        ConformanceCase(
            "combineLatest(3): an input without a value leaves it open until the last input completes",
            sources: [.hot([.next(210, 1), .completed(240)]), .hot([.completed(215)]),
                      .hot([.next(220, 3), .completed(260)])],
            expected: [.completed(260)],
            subscriptions: [[sub(200, 240)], [sub(200, 215)], [sub(200, 260)]]
        ) { c in .combineLatest([c.source(0), c.source(1), c.source(2)], .digits) },
        ConformanceCase(
            "zip: a completed input with queued values ends zip when its last value is paired",
            sources: [.hot([.next(210, 1), .next(215, 2), .completed(220)]),
                      .hot([.next(230, 5), .next(240, 6), .next(250, 7)])],
            expected: [.next(230, 15), .next(240, 26), .completed(240)],
            subscriptions: [[sub(200, 220)], [sub(200, 240)]]
        ) { c in .zip([c.source(0), c.source(1)], .digits) }
            // RxSwift 6: zip completes only once every input has (ZipSink.done; testZip_AllCompleted2).
            .rule(rxSwiftRows, [.next(230, 15), .next(240, 26)], [[sub(200, 220)], [sub(200, 1000)]]),
        ConformanceCase(
            "zip: an input that completes with nothing queued ends zip at once",
            sources: [.hot([.next(210, 1), .completed(220)]), .hot([.next(215, 5), .next(230, 6)])],
            expected: [.next(215, 15), .completed(220)],
            subscriptions: [[sub(200, 220)], [sub(200, 220)]]
        ) { c in .zip([c.source(0), c.source(1)], .digits) }
            // RxSwift 6 (ZipSink.done).
            .rule(rxSwiftRows, [.next(215, 15)], [[sub(200, 220)], [sub(200, 1000)]]),
        ConformanceCase(
            "zip: an input that completes without a value ends zip at once",
            sources: [.hot([.completed(210)]), .hot([.next(220, 5), .completed(230)])],
            expected: [.completed(210)],
            subscriptions: [[sub(200, 210)], [sub(200, 210)]]
        ) { c in .zip([c.source(0), c.source(1)], .digits) }
            // RxSwift 6 (ZipSink.done; testZip_EmptyNonEmpty: completes with the last input).
            .rule(rxSwiftRows, [.completed(230)], [[sub(200, 210)], [sub(200, 230)]]),
        ConformanceCase(
            "zip(3): completes when a completed input is drained, the others still open",
            sources: [.hot([.next(210, 1), .next(211, 2), .completed(212)]), .hot([.next(220, 3), .next(230, 4)]),
                      .hot([.next(225, 5), .next(235, 6), .next(245, 7)])],
            // Events only: `subscriber` folds zipWith: pairwise for three inputs, as RAC's +zip: does, so
            // the inner zip of inputs 0 and 1 completes, releasing input 1, when its pair drains at 230.
            expected: [.next(225, 135), .next(235, 246), .completed(235)]
        ) { c in .zip([c.source(0), c.source(1), c.source(2)], .digits) }
            // RxSwift 6 (ZipSink.done).
            .rule(rxSwiftRows, [.next(225, 135), .next(235, 246)]),
        ConformanceCase(
            "takeUntil: completes at the trigger's first value, disposing both",
            sources: [.hot([.next(210, 1), .next(220, 2), .next(240, 3), .completed(250)]),
                      .hot([.next(230, 99), .completed(260)])],
            expected: [.next(210, 1), .next(220, 2), .completed(230)],
            subscriptions: [[sub(200, 230)], [sub(200, 230)]]
        ) { c in .takeUntil(c.source(0), trigger: c.source(1)) },
        ConformanceCase(
            "takeUntil: a trigger error is forwarded",
            sources: [.hot([.next(210, 1), .next(240, 3), .completed(250)]), .hot([.error(225, 2)])],
            expected: [.next(210, 1), .error(225, 2)],
            subscriptions: [[sub(200, 225)], [sub(200, 225)]]
        ) { c in .takeUntil(c.source(0), trigger: c.source(1)) },
        ConformanceCase(
            "takeUntil: source completion ends it",
            sources: [hot123, .hot([.next(300, 99)])],
            expected: [.next(210, 1), .next(220, 2), .next(230, 3), .completed(240)],
            subscriptions: [[sub(200, 240)], [sub(200, 240)]]
        ) { c in .takeUntil(c.source(0), trigger: c.source(1)) },
    ]

    // MARK: Subjects and system

    /// Subject 0, of `kind`, fed `feeds` (at their times) and subscribed at 200: the subscriber sees `expected`.
    static func subjectCase(
        _ name: String, _ kind: SubjectKind, feeds: [Recorded], expected: [Recorded]
    ) -> ConformanceCase {
        ConformanceCase(name, subjects: [kind], feeds: feeds.map { SubjectFeed(0, $0) }, expected: expected) { _ in
            .subject(0)
        }
    }

    static let subjectsAndSystem: [ConformanceCase] = [
        subjectCase(
            "publish subject: current subscribers only", .publish,
            feeds: [.next(150, 1), .next(210, 2), .next(220, 3), .completed(230), .next(240, 4)],
            expected: [.next(210, 2), .next(220, 3), .completed(230)]),
        subjectCase(
            "publish subject: error", .publish,
            feeds: [.next(210, 2), .error(220, 1), .next(230, 4)],
            expected: [.next(210, 2), .error(220, 1)]),
        ConformanceCase(
            "publish subject: two subscribers",
            subjects: [.publish],
            feeds: [SubjectFeed(0, .next(210, 2)), SubjectFeed(0, .next(220, 3))],
            expected: [.next(210, 2), .next(210, 20), .next(220, 3), .next(220, 30)]
        ) { _ in .merge([.subject(0), .map(.subject(0), x10)]) },
        // Subscriptions changing while the subject sends: each subscriber gets the events sent after it
        // subscribed and before it was disposed, whatever else happens during a send.
        ConformanceCase(
            "publish subject: a subscriber added during a send gets the next value, not that one",
            subjects: [.publish],
            feeds: [SubjectFeed(0, .next(210, 1)), SubjectFeed(0, .next(220, 2)), SubjectFeed(0, .next(230, 3))],
            expected: [.next(220, 2), .next(230, 3), .next(230, 3)]
        ) { _ in .flatMap(.subject(0), FlowSelector("the subject again") { _ in .subject(0) }) },
        ConformanceCase(
            "publish subject: a sibling disposed during a send gets nothing of it",
            subjects: [.publish],
            feeds: [SubjectFeed(0, .next(210, 1)), SubjectFeed(0, .next(220, 2))],
            expected: [.completed(210)]
        ) { _ in .takeUntil(.subject(0), trigger: .subject(0)) },
        subjectCase(
            "replayLast subject: replays the latest value", .replayLast(initial: nil),
            feeds: [.next(150, 1), .next(160, 2), .next(210, 3), .completed(220)],
            expected: [.next(200, 2), .next(210, 3), .completed(220)]),
        subjectCase(
            "replayLast subject: initial value", .replayLast(initial: 0),
            feeds: [.next(210, 3)],
            expected: [.next(200, 0), .next(210, 3)]),
        subjectCase(
            "replayLast subject: nothing to replay", .replayLast(initial: nil),
            feeds: [.next(210, 3)],
            expected: [.next(210, 3)]),
        subjectCase(
            "replayLast subject: a late subscriber to a completed subject gets the last value, then completed",
            .replayLast(initial: nil),
            feeds: [.next(150, 1), .next(160, 2), .completed(170)],
            expected: [.next(200, 2), .completed(200)]),
        subjectCase(
            "replayLast subject: a late subscriber to a failed subject gets the last value, then the error",
            .replayLast(initial: 0),
            feeds: [.next(150, 1), .error(170, 1)],
            expected: [.next(200, 1), .error(200, 1)]),
        subjectCase(
            "publish subject: a late subscriber to a completed subject gets only completed", .publish,
            feeds: [.next(150, 1), .completed(170)],
            expected: [.completed(200)]),
        subjectCase(
            "publish subject: a late subscriber to a failed subject gets only the error", .publish,
            feeds: [.next(150, 1), .error(170, 1)],
            expected: [.error(200, 1)]),
        // A subject ends once: a second terminal event, and values after either, change nothing, for a live
        // subscriber and for a late one.
        subjectCase(
            "publish subject: a second terminal event is ignored", .publish,
            feeds: [.next(210, 1), .completed(220), .error(230, 1), .next(240, 2)],
            expected: [.next(210, 1), .completed(220)]),
        subjectCase(
            "publish subject: a late subscriber after completed, then error, gets only completed", .publish,
            feeds: [.completed(150), .error(160, 1)],
            expected: [.completed(200)]),
        subjectCase(
            "behavior subject: a late subscriber after error, then completed, gets only the error", .behavior(initial: 0),
            feeds: [.next(150, 1), .error(160, 1), .completed(170)],
            expected: [.error(200, 1)]),
        subjectCase(
            "replayLast subject: a second terminal event is ignored", .replayLast(initial: nil),
            feeds: [.next(210, 1), .error(220, 1), .completed(230), .next(240, 2)],
            expected: [.next(210, 1), .error(220, 1)]),
        subjectCase(
            "behavior subject: the initial value, then live values", .behavior(initial: 0),
            feeds: [.next(210, 3), .completed(220)],
            expected: [.next(200, 0), .next(210, 3), .completed(220)]),
        subjectCase(
            "behavior subject: the latest value replaces the initial one", .behavior(initial: 0),
            feeds: [.next(150, 1), .next(160, 2), .next(210, 3), .error(220, 1)],
            expected: [.next(200, 2), .next(210, 3), .error(220, 1)]),
        subjectCase(
            "behavior subject: a late subscriber to a completed subject gets only completed", .behavior(initial: 0),
            feeds: [.next(150, 1), .completed(170), .next(180, 2)],
            expected: [.completed(200)]),
        subjectCase(
            "behavior subject: a late subscriber to a failed subject gets only the error", .behavior(initial: 0),
            feeds: [.next(150, 1), .error(170, 1)],
            expected: [.error(200, 1)]),
        ConformanceCase(
            "behavior subject: two subscribers each get the current value",
            subjects: [.behavior(initial: 5)],
            feeds: [SubjectFeed(0, .next(210, 3))],
            expected: [.next(200, 5), .next(200, 50), .next(210, 3), .next(210, 30)]
        ) { _ in .merge([.subject(0), .map(.subject(0), x10)]) },
        // Subjects that never end, as a property or a pipe that lives as long as its owner: what rows whose
        // subjects have no terminal events (SwiftSignalKit's pipes, Observation's properties) can be held to.
        subjectCase(
            "publish subject, never ended: the values sent while subscribed", .publish,
            feeds: [.next(150, 1), .next(210, 2), .next(220, 3)],
            expected: [.next(210, 2), .next(220, 3)]),
        subjectCase(
            "behavior subject, never ended: the current value, then the values sent", .behavior(initial: 0),
            feeds: [.next(150, 1), .next(210, 2), .next(220, 3)],
            expected: [.next(200, 1), .next(210, 2), .next(220, 3)]),
        // A subject relays events, not states: a value equal to the one before is an event of its own.
        subjectCase(
            "publish subject: a value equal to the one before is delivered again", .publish,
            feeds: [.next(210, 1), .next(220, 1), .next(230, 2)],
            expected: [.next(210, 1), .next(220, 1), .next(230, 2)]),
        subjectCase(
            "behavior subject: a value equal to the current one is delivered again", .behavior(initial: 4),
            feeds: [.next(210, 4), .next(220, 5)],
            expected: [.next(200, 4), .next(210, 4), .next(220, 5)]),
        ConformanceCase(
            "publish subject, never ended: map and filter of what is sent",
            subjects: [.publish],
            feeds: [SubjectFeed(0, .next(210, 1)), SubjectFeed(0, .next(220, 2)), SubjectFeed(0, .next(230, 3))],
            expected: [.next(210, 10), .next(230, 30)]
        ) { _ in .filter(.map(.subject(0), x10), IntPredicate("not 20") { $0 != 20 }) },
        ConformanceCase(
            "combineLatest of behavior subjects: combined at once, then on each change",
            subjects: [.behavior(initial: 1), .behavior(initial: 2)],
            feeds: [SubjectFeed(0, .next(210, 3)), SubjectFeed(1, .next(220, 4))],
            expected: [.next(200, 3), .next(210, 5), .next(220, 7)]
        ) { _ in .combineLatest([.subject(0), .subject(1)], .sum) },
        ConformanceCase(
            "system: synchronous feedback counter",
            expected: [.next(200, 0), .next(200, 1), .next(200, 2), .next(200, 3)]
        ) { _ in
            .system(
                initial: 0, reduce: .sum,
                feedbacks: [.compactMap(.feedbackState, IntPartialTransform("+1 below 3") { $0 < 3 ? 1 : nil })])
        },
        ConformanceCase(
            "system: external feedback",
            sources: [.hot([.next(210, 5), .next(220, 7)])],
            expected: [.next(200, 0), .next(210, 5), .next(220, 12)],
            subscriptions: [[sub(200, 1000)]]
        ) { c in .system(initial: 0, reduce: .sum, feedbacks: [c.source(0)]) },
    ]

    // MARK: Disposal

    static let disposal: [ConformanceCase] = [
        ConformanceCase(
            "dispose during delivery: no value after the observer disposes on the 2nd",
            sources: [hot123],
            disposeOnValue: 2,
            expected: [.next(210, 1), .next(220, 2)],
            subscriptions: [[sub(200, 220)]]
        ) { c in .map(c.source(0), .identity) },
        ConformanceCase(
            "dispose during delivery: through merge",
            sources: [hot123, .hot([.next(215, 5), .next(225, 6)])],
            disposeOnValue: 2,
            expected: [.next(210, 1), .next(215, 5)],
            subscriptions: [[sub(200, 215)], [sub(200, 215)]]
        ) { c in .merge([c.source(0), c.source(1)]) },
        ConformanceCase(
            "dispose before any event",
            sources: [hot123],
            disposeAt: 205,
            expected: [],
            subscriptions: [[sub(200, 205)]]
        ) { c in .scan(c.source(0), seed: 0, .sum) },
    ]
}

extension ConformanceCases {
    // MARK: Grammar, synchronous sources and compositions

    static let compositions: [ConformanceCase] = [
        ConformanceCase(
            "create: events after a terminal event are not delivered",
            expected: [.next(200, 10), .completed(200)]
        ) { _ in
            .map(.create(.script { observer in
                observer.next(1)
                observer.completed()
                observer.next(2)
                observer.error(e1)
                observer.completed()
                return .none
            }), x10)
        },
        ConformanceCase(
            "create: events after an error are not delivered",
            expected: [.next(200, 1), .error(200, 1)]
        ) { _ in
            .filter(.create(.script { observer in
                observer.next(1)
                observer.error(e1)
                observer.next(2)
                observer.completed()
                return .none
            }), .always)
        },
        ConformanceCase(
            "deferred: a failing flow", expected: [.error(200, 2)]
        ) { _ in .deferred(FlowFactory("fail") { .fail(e2) }) },
        ConformanceCase(
            "take(2) of a synchronous source", expected: [.next(200, 1), .next(200, 2), .completed(200)]
        ) { _ in .take(.from([1, 2, 3, 4]), count: 2) },
        ConformanceCase(
            "take(1) disposes upstream through a chain",
            sources: [.cold([.next(10, 1), .next(20, 2), .next(30, 3), .completed(40)])],
            expected: [.next(210, 11), .next(220, 13), .completed(220)],
            subscriptions: [[sub(200, 220)]]
        ) { c in .take(.scan(.filter(c.source(0), .always), seed: 10, .sum), count: 2) },
        ConformanceCase(
            "startWith on empty", expected: [.next(200, 1), .next(200, 2), .completed(200)]
        ) { _ in .startWith(.empty, [1, 2]) },
        ConformanceCase(
            "startWith: error", sources: [.hot([.error(210, 1)])],
            expected: [.next(200, 8), .error(210, 1)],
            subscriptions: [[sub(200, 210)]]
        ) { c in .startWith(c.source(0), [8]) },
        onHot123(
            "compactMap: error", failing: true,
            values: [.next(210, 100), .next(230, 300)]
        ) { .compactMap($0, IntPartialTransform("odd x100") { $0 % 2 == 1 ? $0 * 100 : nil }) },
        ConformanceCase(
            "distinctUntilChanged: error", sources: [.hot([.next(210, 1), .next(220, 1), .error(230, 1)])],
            expected: [.next(210, 1), .error(230, 1)],
            subscriptions: [[sub(200, 230)]]
        ) { c in .distinctUntilChanged(c.source(0)) },
        ConformanceCase(
            "asyncFilter: error",
            sources: [.hot([.next(210, 1), .next(220, 2), .next(222, 3), .error(240, 1)])],
            expected: [.next(235, 1), .error(240, 1)],
            subscriptions: [[sub(200, 240)]]
        ) { c in .asyncFilter(c.source(0), delayedOdd(c)) },
        ConformanceCase(
            "retry(1): no resubscription",
            sources: [.cold([.next(10, 1), .error(20, 1)])],
            expected: [.next(210, 1), .error(220, 1)],
            subscriptions: [[sub(200, 220)]]
        ) { c in .retry(c.source(0), attempts: 1) },
        ConformanceCase(
            "merge of synchronous sources",
            expected: [.next(200, 1), .next(200, 2), .next(200, 3), .completed(200)]
        ) { _ in .merge([.from([1, 2]), .empty, .just(3)]) }
            // RxSwift: `from` runs its elements on the CurrentThreadScheduler trampoline, after the outermost
            // subscription's run returns; `just` sends at once (ObservableSequenceSink.run in
            // RxSwift/Observables/Sequence.swift).
            .rule(rxSwiftRows, [.next(200, 3), .next(200, 1), .next(200, 2), .completed(200)]),
        ConformanceCase(
            "merge: never completes while an input is open",
            sources: [.hot([.next(210, 1), .completed(220)])],
            expected: [.next(200, 5), .next(210, 1)],
            subscriptions: [[sub(200, 220)]]
        ) { c in .merge([.just(5), c.source(0), .never]) },
        ConformanceCase(
            "concat of synchronous sources",
            expected: [.next(200, 1), .next(200, 2), .next(200, 3), .completed(200)]
        ) { _ in .concat([.from([1, 2]), .empty, .just(3)]) },
        ConformanceCase(
            "concat: a hot input's events before its subscription are missed",
            sources: [.cold([.next(10, 1), .completed(30)]), .hot([.next(220, 2), .next(240, 3), .completed(250)])],
            expected: [.next(210, 1), .next(240, 3), .completed(250)],
            subscriptions: [[sub(200, 230)], [sub(230, 250)]]
        ) { c in .concat([c.source(0), c.source(1)]) },
        ConformanceCase(
            "flatMap: just selector",
            expected: [.next(200, 1), .next(200, 2), .next(200, 3), .completed(200)]
        ) { _ in .flatMap(.from([1, 2, 3]), .just) },
        ConformanceCase(
            "flatMap: outer error disposes the inners",
            sources: [.hot([.next(210, 1), .error(225, 1)]), .cold([.next(10, 11), .next(30, 12), .completed(40)])],
            expected: [.next(220, 11), .error(225, 1)],
            subscriptions: [[sub(200, 225)], [sub(210, 225)]]
        ) { c in .flatMap(c.source(0), FlowSelector("source(x)") { c.source($0) }) },
        ConformanceCase(
            "flatMapLatest: synchronous inners",
            expected: [.next(200, 10), .next(200, 20), .next(200, 30), .completed(200)]
        ) { _ in .flatMapLatest(.from([1, 2, 3]), FlowSelector("x10") { .just($0 * 10) }) },
        ConformanceCase(
            "combineLatest: synchronous inputs (the first runs to completion before the second)",
            expected: [.next(200, 23), .completed(200)]
        ) { _ in .combineLatest([.from([1, 2]), .just(3)], .digits) }
            // RxSwift: `from` waits for the trampoline, so `just(3)` is latest before 1 and 2 arrive.
            .rule(rxSwiftRows, [.next(200, 13), .next(200, 23), .completed(200)]),
        ConformanceCase(
            "zip: synchronous inputs",
            expected: [.next(200, 14), .next(200, 25), .completed(200)]
        ) { _ in .zip([.from([1, 2, 3]), .from([4, 5])], .digits) },
        ConformanceCase(
            "zip: a synchronous input without a value ends zip at once",
            expected: [.completed(200)]
        ) { _ in .zip([.empty, .never], .digits) }
            // RxSwift 6: `never` never completes, so neither does zip (ZipSink.done; testZip_EmptyNever).
            .rule(rxSwiftRows, []),
        ConformanceCase(
            "combineLatest: an empty synchronous input leaves it open while another input is",
            expected: []
        ) { _ in .combineLatest([.empty, .never], .digits) },
        ConformanceCase(
            "combineLatest: an empty synchronous input; completes when the other input completes",
            expected: [.completed(200)]
        ) { _ in .combineLatest([.empty, .from([1, 2])], .digits) },
        ConformanceCase(
            "takeUntil: a synchronous trigger completes at once",
            expected: [.completed(200)]
        ) { _ in .takeUntil(.never, trigger: .just(0)) },
        ConformanceCase(
            "using: body error at subscription releases once",
            expected: [.error(200, 2)],
            journal: ["acquire@200", "release(5)@200"]
        ) { c in .using(resource(c), ResourceFlow { _ in .fail(e2) }) },
        ConformanceCase(
            "dispose during delivery: from a subject",
            subjects: [.publish],
            feeds: [SubjectFeed(0, .next(210, 1)), SubjectFeed(0, .next(220, 2)), SubjectFeed(0, .next(230, 3))],
            disposeOnValue: 2,
            expected: [.next(210, 1), .next(220, 2)]
        ) { _ in .map(.subject(0), .identity) },
        ConformanceCase(
            "dispose during delivery: through flatMap",
            sources: [.hot([.next(210, 1), .next(220, 2), .next(230, 3)])],
            disposeOnValue: 2,
            expected: [.next(210, 1), .next(220, 2)],
            subscriptions: [[sub(200, 220)]]
        ) { c in .flatMap(c.source(0), .just) },
        ConformanceCase(
            "system: two feedbacks",
            sources: [.hot([.next(210, 100)])],
            expected: [.next(200, 0), .next(200, 1), .next(200, 2), .next(210, 102)],
            subscriptions: [[sub(200, 1000)]]
        ) { c in
            .system(
                initial: 0, reduce: .sum,
                feedbacks: [
                    .compactMap(.feedbackState, IntPartialTransform("+1 below 2") { $0 < 2 ? 1 : nil }),
                    c.source(0),
                ])
        },
    ]
}

extension ConformanceCases {
    // MARK: Synchronous schedulers (the serial-queue scheduler is tested in real time)

    static let scheduling: [ConformanceCase] = [SchedulerSpec.immediate, .trampoline].flatMap { spec in
        let label = if case .immediate = spec { "immediate" } else { "trampoline" }
        return [
            onHot123(
                "subscribeOn(\(label))",
                values: [.next(210, 1), .next(220, 2), .next(230, 3)]
            ) { .subscribeOn($0, spec) },
            onHot123(
                "observeOn(\(label))", failing: true,
                values: [.next(210, 1), .next(220, 2), .next(230, 3)]
            ) { .observeOn($0, spec) },
            ConformanceCase(
                "observeOn(\(label)): synchronous source in order",
                expected: [.next(200, 1), .next(200, 2), .next(200, 3), .completed(200)]
            ) { _ in .observeOn(.concat([.from([1, 2]), .just(3)]), spec) },
            ConformanceCase(
                "subscribeOn(\(label)): synchronous source",
                expected: [.next(200, 1), .next(200, 2), .completed(200)]
            ) { _ in .subscribeOn(.from([1, 2]), spec) },
        ]
    }
}

/// Deep synchronous recursion: the number of values delivered by `concat` of `count` `.just`s
/// (ARCHITECTURE.md, "What every engine guarantees": 100,000 must not overflow the stack), and whether it
/// completed.
public func deepConcat<A: EngineAdapter>(_ count: Int, on adapter: A) -> (values: Int, completed: Bool) {
    let flow = Flow.concat(Array(repeating: .just(1), count: count))
    guard let stream = try? adapter.stream(flow, subjects: []) else { return (0, false) }
    let values = Counter()
    let completed = Counter()
    let subscription = adapter.subscribe(
        stream, EventObserver(next: { _ in values.increment() }, completed: { completed.increment() }))
    adapter.dispose(subscription)
    return (values.value, completed.value == 1)
}
