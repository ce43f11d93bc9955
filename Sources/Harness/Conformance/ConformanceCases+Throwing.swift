import RxBenchCore

// Throwing transforms (docs/decisions/throwing-operators.md): values pass through while the closure returns;
// its first throw ends the stream with that error, disposes upstream at that virtual time, and nothing
// follows, however much the source still sends.

private let thrown = BenchError(7)
private func sub(_ start: Int, _ end: Int? = nil) -> SubscriptionInterval { SubscriptionInterval(start, end) }

/// 1@210, 2@220, 3@230, 4@240, completed@250: values remain after every throw below.
private let hot1234: SourceSpec = .hot([.next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .completed(250)])
private let hot1234Error: SourceSpec = .hot([.next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .error(250, 1)])

private let x10NeverThrowing = ThrowingIntTransform("x10") { $0 * 10 }
/// x10, throwing `thrown` on 2.
private let x10ThrowingOn2 = ThrowingIntTransform("x10, throws on 2") { value throws(BenchError) in
    if value == 2 { throw thrown }
    return value * 10
}
private let evenNeverThrowing = ThrowingIntPredicate("even") { $0 % 2 == 0 }
/// even, throwing `thrown` on 3.
private let evenThrowingOn3 = ThrowingIntPredicate("even, throws on 3") { value throws(BenchError) in
    if value == 3 { throw thrown }
    return value % 2 == 0
}
/// `just(x * 10)`, throwing `thrown` on 2.
private let justX10ThrowingOn2 = ThrowingFlowSelector("just x10, throws on 2") { value throws(BenchError) in
    if value == 2 { throw thrown }
    return .just(value * 10)
}
/// The outer source of the selector cases (1@210 selects the inner, 2@220 throws) and the inner, still live
/// at the throw.
private let outerAndInner: [SourceSpec] = [
    .hot([.next(210, 1), .next(220, 2), .next(230, 3), .completed(250)]),
    .hot([.next(215, 100), .next(225, 200), .completed(260)]),
]
/// 1 selects `inner`, 2 throws `thrown`, others `just` themselves.
private func innerThenThrowing(_ inner: Flow) -> ThrowingFlowSelector {
    ThrowingFlowSelector("1: inner, 2: throws") { value throws(BenchError) in
        if value == 2 { throw thrown }
        return value == 1 ? inner : .just(value)
    }
}
private let sumNeverThrowing = ThrowingIntAccumulator("sum") { $0 + $1 }
/// sum, throwing `thrown` once the accumulation would pass 12.
private let sumThrowingAbove12 = ThrowingIntAccumulator("sum, throws above 12") { running, value throws(BenchError) in
    if running + value > 12 { throw thrown }
    return running + value
}

extension ConformanceCases {
    /// Tap hooks upstream of the throwing stage; dispose is logged with its time, which a throw fixes.
    static func timedHooks(_ c: CaseContext) -> TapHooks {
        var timed = hooks(c)
        timed.onDispose = { c.log("dispose") }
        return timed
    }

    /// A throw of `stage` on `source`, checked twice: the observer sees `values`, then the thrown error at `time`,
    /// and the source's subscription ends then; tapped upstream, the source logs `tapped`, its dispose at
    /// `time` last.
    static func throwCases(
        _ operatorName: String, endsWith outcome: String = "a throw ends with its error and disposes upstream at once",
        source: SourceSpec, values: [Recorded], throwsAt time: Int, tapped journal: [String],
        _ stage: @escaping @Sendable (Flow) -> Flow
    ) -> [ConformanceCase] {
        let expected = values + [.error(time, thrown.code)]
        return [
            ConformanceCase(
                "\(operatorName): \(outcome)", sources: [source], expected: expected, subscriptions: [[sub(200, time)]]
            ) { c in stage(c.source(0)) },
            ConformanceCase(
                "\(operatorName): upstream sees its dispose at the throw's time", sources: [source], expected: expected,
                subscriptions: [[sub(200, time)]], journal: journal
            ) { c in stage(.tap(c.source(0), timedHooks(c))) },
        ]
    }

    /// Subscribe and dispose of one flow, labelled and timed.
    static func subscriptionHooks(_ c: CaseContext, _ label: String) -> TapHooks {
        TapHooks(onSubscribe: { c.log("\(label): subscribe") }, onDispose: { c.log("\(label): dispose") })
    }

    static let throwing: [ConformanceCase] = Array([
        [
            ConformanceCase(
                "tryMap: values pass through while the transform returns", sources: [hot1234],
                expected: [.next(210, 10), .next(220, 20), .next(230, 30), .next(240, 40), .completed(250)],
                subscriptions: [[sub(200, 250)]]
            ) { c in .tryMap(c.source(0), x10NeverThrowing) },
        ],
        throwCases(
            "tryMap", source: hot1234, values: [.next(210, 10)], throwsAt: 220,
            tapped: ["subscribe@200", "next(1)@210", "next(2)@220", "dispose@220"]
        ) { .tryMap($0, x10ThrowingOn2) },
        [
            ConformanceCase(
                "tryMap: a throw during a synchronous source stops it",
                expected: [.next(200, 10), .error(200, 7)]
            ) { _ in .tryMap(.from([1, 2, 3]), x10ThrowingOn2) },
            ConformanceCase(
                "tryMap: upstream error", sources: [hot1234Error],
                expected: [.next(210, 10), .next(220, 20), .next(230, 30), .next(240, 40), .error(250, 1)],
                subscriptions: [[sub(200, 250)]]
            ) { c in .tryMap(c.source(0), x10NeverThrowing) },
            ConformanceCase(
                "tryFilter: kept values pass through while the predicate returns", sources: [hot1234],
                expected: [.next(220, 2), .next(240, 4), .completed(250)],
                subscriptions: [[sub(200, 250)]]
            ) { c in .tryFilter(c.source(0), evenNeverThrowing) },
        ],
        throwCases(
            "tryFilter", source: hot1234, values: [.next(220, 2)], throwsAt: 230,
            tapped: ["subscribe@200", "next(1)@210", "next(2)@220", "next(3)@230", "dispose@230"]
        ) { .tryFilter($0, evenThrowingOn3) },
        [
            ConformanceCase(
                "tryScan: accumulations pass through while the accumulator returns", sources: [hot1234],
                expected: [.next(210, 11), .next(220, 13), .next(230, 16), .next(240, 20), .completed(250)],
                subscriptions: [[sub(200, 250)]]
            ) { c in .tryScan(c.source(0), seed: 10, sumNeverThrowing) },
        ],
        throwCases(
            "tryScan", source: hot1234, values: [.next(210, 11)], throwsAt: 220,
            tapped: ["subscribe@200", "next(1)@210", "next(2)@220", "dispose@220"]
        ) { .tryScan($0, seed: 10, sumThrowingAbove12) },
        [
            ConformanceCase(
                "tryReduce: the final accumulation while the accumulator returns", sources: [hot1234],
                expected: [.next(250, 20), .completed(250)],
                subscriptions: [[sub(200, 250)]]
            ) { c in .tryReduce(c.source(0), seed: 10, sumNeverThrowing) },
        ],
        throwCases(
            "tryReduce", endsWith: "a throw ends with its error, no result, and disposes upstream at once",
            source: hot1234, values: [], throwsAt: 220,
            tapped: ["subscribe@200", "next(1)@210", "next(2)@220", "dispose@220"]
        ) { .tryReduce($0, seed: 10, sumThrowingAbove12) },
        [
            ConformanceCase(
                "tryReduce: a throw during a synchronous source stops it",
                expected: [.error(200, 7)]
            ) { _ in .tryReduce(.from([5, 6, 7]), seed: 0, sumThrowingAbove12) },
            ConformanceCase(
                "tryFlatMap: inner values pass through while the selector returns",
                sources: [.hot([.next(210, 1), .next(220, 2), .completed(250)])],
                expected: [.next(210, 10), .next(220, 20), .completed(250)],
                subscriptions: [[sub(200, 250)]]
            ) { c in .tryFlatMap(c.source(0), ThrowingFlowSelector("just x10") { .just($0 * 10) }) },
            ConformanceCase(
                "tryFlatMap: a throw ends with its error and disposes the source and the inner flows at once",
                sources: outerAndInner,
                expected: [.next(215, 100), .error(220, 7)],
                subscriptions: [[sub(200, 220)], [sub(210, 220)]]
            ) { c in .tryFlatMap(c.source(0), innerThenThrowing(c.source(1))) },
            switchingCase("tryFlatMapLatest: inner values pass as flatMapLatest's while the selector returns") { c in
                .tryFlatMapLatest(c.source(0), ThrowingFlowSelector("source(x)") { c.source($0) })
            },
            ConformanceCase(
                "tryFlatMapLatest: a throw ends with its error and disposes the source and the current inner at once",
                sources: outerAndInner,
                expected: [.next(215, 100), .error(220, 7)],
                subscriptions: [[sub(200, 220)], [sub(210, 220)]]
            ) { c in
                .tryFlatMapLatest(c.source(0), innerThenThrowing(c.source(1)))
            },
            ConformanceCase(
                "tryFlatMapLatest: the current inner sees its dispose at the throw's time",
                sources: outerAndInner,
                expected: [.next(215, 100), .error(220, 7)],
                subscriptions: [[sub(200, 220)], [sub(210, 220)]],
                journal: ["inner: subscribe@210", "inner: dispose@220"]
            ) { c in
                // Only the inner is tapped: the order of the source's and the inner's dispose at one time is the
                // engine's own.
                .tryFlatMapLatest(c.source(0), innerThenThrowing(.tap(c.source(1), subscriptionHooks(c, "inner"))))
            },
            ConformanceCase(
                "tryFlatMapLatest: a throw during a synchronous source stops it",
                expected: [.next(200, 10), .error(200, 7)]
            ) { _ in .tryFlatMapLatest(.from([1, 2, 3]), justX10ThrowingOn2) },
            ConformanceCase(
                "tryCatchError: the handler's flow continues while it returns",
                sources: [.hot([.next(210, 1), .error(220, 1)])],
                expected: [.next(210, 1), .next(220, 9), .completed(220)],
                subscriptions: [[sub(200, 220)]]
            ) { c in .tryCatchError(c.source(0), ThrowingErrorHandler("just 9") { _ in .just(9) }) },
            ConformanceCase(
                "tryCatchError: a throwing handler ends the stream with the handler's error",
                sources: [.hot([.next(210, 1), .error(220, 1), .next(230, 2)])],
                expected: [.next(210, 1), .error(220, 7)],
                subscriptions: [[sub(200, 220)]]
            ) { c in
                .tryCatchError(c.source(0), ThrowingErrorHandler("throws") { _ throws(BenchError) in throw thrown })
            },
        ],
    ].joined())
}

extension ConformanceCases {
    /// A resource whose factories throw on request; acquire and release are logged.
    static func throwingResource(_ c: CaseContext, acquireThrows: Bool) -> ThrowingResourceHooks {
        ThrowingResourceHooks(
            acquire: { () throws(BenchError) in
                c.log("acquire")
                if acquireThrows { throw thrown }
                return 5
            },
            release: { c.log("release(\($0))") })
    }

    static let throwingUsing: [ConformanceCase] = [
        ConformanceCase(
            "tryUsing: the body runs with the resource, released once at completion",
            expected: [.next(200, 5), .completed(200)],
            journal: ["acquire@200", "release(5)@200"]
        ) { c in .tryUsing(throwingResource(c, acquireThrows: false), ThrowingResourceFlow { .just($0) }) },
        ConformanceCase(
            "tryUsing: a throwing resource factory fails at subscription; nothing to release",
            expected: [.error(200, 7)],
            journal: ["acquire@200"]
        ) { c in .tryUsing(throwingResource(c, acquireThrows: true), ThrowingResourceFlow { .just($0) }) },
        ConformanceCase(
            "tryUsing: a throwing body factory fails at subscription and releases the resource",
            expected: [.error(200, 7)],
            journal: ["acquire@200", "release(5)@200"]
        ) { c in
            .tryUsing(throwingResource(c, acquireThrows: false), ThrowingResourceFlow { _ throws(BenchError) in throw thrown })
        },
    ]
}
