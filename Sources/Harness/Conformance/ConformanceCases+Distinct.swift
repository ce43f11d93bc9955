import RxBenchCore

// distinctUntilChanged by key and by comparer (RxSwift's `distinctUntilChanged(_ keySelector:)` and
// `distinctUntilChanged(_ comparer:)`): the comparison is with the last value forwarded.

private func sub(_ start: Int, _ end: Int? = nil) -> SubscriptionInterval { SubscriptionInterval(start, end) }

/// 11@210, 12@220, 25@230, 21@240, 13@250, completed@260: tens digits 1, 1, 2, 2, 1.
private let tens: SourceSpec = .hot([
    .next(210, 11), .next(220, 12), .next(230, 25), .next(240, 21), .next(250, 13), .completed(260),
])
private let tensDigit = IntKey("tens digit") { $0 / 10 }
/// Equal when within 2 of each other: with the last *forwarded* value, so a slow drift is cut in steps.
private let withinTwo = IntEquivalence("within 2") { abs($0 - $1) <= 2 }

private let thrown = BenchError(7)
private let tensDigitNeverThrowing = ThrowingIntKey("tens digit") { $0 / 10 }
/// The tens digit, throwing `thrown` for 25 (the first value whose key differs from the one before).
private let tensDigitThrowingOn25 = ThrowingIntKey("tens digit, throws on 25") { value throws(BenchError) in
    if value == 25 { throw thrown }
    return value / 10
}
/// The tens digit, throwing `thrown` for 11 (the first value, which nothing is compared with).
private let tensDigitThrowingOn11 = ThrowingIntKey("tens digit, throws on 11") { value throws(BenchError) in
    if value == 11 { throw thrown }
    return value / 10
}
private let withinTwoNeverThrowing = ThrowingIntEquivalence("within 2") { abs($0 - $1) <= 2 }
/// Within 2, throwing `thrown` when the new value is 3.
private let withinTwoThrowingOn3 = ThrowingIntEquivalence("within 2, throws on 3") {
    previous, value throws(BenchError) in
    if value == 3 { throw thrown }
    return abs(previous - value) <= 2
}
/// 1@210, 2@220, 3@230, 4@240, 10@250, completed@260: under "within 2", 1, 4, 10 pass.
private let drift: SourceSpec = .hot([
    .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .next(250, 10), .completed(260),
])

/// `stage` on `tens`, dropping each value whose tens digit repeats the last forwarded one's: 11, 25 and 13 pass, then
/// the completion, which ends the source's subscription.
private func byTensDigitCase(_ name: String, _ stage: @escaping @Sendable (Flow) -> Flow) -> ConformanceCase {
    ConformanceCase(
        name, sources: [tens], expected: [.next(210, 11), .next(230, 25), .next(250, 13), .completed(260)],
        subscriptions: [[sub(200, 260)]]
    ) { c in stage(c.source(0)) }
}

/// `stage` on `drift`, dropping each value within 2 of the last forwarded one: 1, 4 and 10 pass, then the
/// completion, which ends the source's subscription.
private func withinTwoCase(_ name: String, _ stage: @escaping @Sendable (Flow) -> Flow) -> ConformanceCase {
    ConformanceCase(
        name, sources: [drift], expected: [.next(210, 1), .next(240, 4), .next(250, 10), .completed(260)],
        subscriptions: [[sub(200, 260)]]
    ) { c in stage(c.source(0)) }
}

/// `stage` on `first`@210, `repeated`@220 (a repeat to the stage), error@230: the first value, then the error,
/// which ends the source's subscription.
private func repeatThenErrorCase(
    _ name: String, _ first: Int, _ repeated: Int, _ stage: @escaping @Sendable (Flow) -> Flow
) -> ConformanceCase {
    ConformanceCase(
        name, sources: [.hot([.next(210, first), .next(220, repeated), .error(230, 1)])],
        expected: [.next(210, first), .error(230, 1)], subscriptions: [[sub(200, 230)]]
    ) { c in stage(c.source(0)) }
}

extension ConformanceCases {
    static let distinct: [ConformanceCase] = [
        byTensDigitCase("distinctUntilChanged by key: drops values whose key repeats") {
            .distinctUntilChangedByKey($0, tensDigit)
        },
        repeatThenErrorCase("distinctUntilChanged by key: error", 11, 12) { .distinctUntilChangedByKey($0, tensDigit) },
        withinTwoCase("distinctUntilChanged by comparer: compares with the last value forwarded") {
            .distinctUntilChangedByComparer($0, withinTwo)
        },
        repeatThenErrorCase("distinctUntilChanged by comparer: error", 1, 2) {
            .distinctUntilChangedByComparer($0, withinTwo)
        },
    ]

    /// The throwing key selector and comparer (RxSwift's are `throws`): a throw ends the stream with its error
    /// and disposes upstream at that time, as a throwing map's does (docs/decisions/throwing-operators.md).
    static let throwingDistinct: [ConformanceCase] = Array([
        [
            byTensDigitCase("tryDistinctUntilChanged by key: values pass as by key while the key selector returns") {
                .tryDistinctUntilChangedByKey($0, tensDigitNeverThrowing)
            },
        ],
        throwCases(
            "tryDistinctUntilChanged by key", source: tens, values: [.next(210, 11)], throwsAt: 230,
            tapped: ["subscribe@200", "next(11)@210", "next(12)@220", "next(25)@230", "dispose@230"]
        ) { .tryDistinctUntilChangedByKey($0, tensDigitThrowingOn25) },
        [
            ConformanceCase(
                "tryDistinctUntilChanged by key: the first value's key is taken, and its throw ends the stream",
                sources: [tens],
                expected: [.error(210, 7)],
                subscriptions: [[sub(200, 210)]]
            ) { c in .tryDistinctUntilChangedByKey(c.source(0), tensDigitThrowingOn11) },
            repeatThenErrorCase("tryDistinctUntilChanged by key: upstream error", 11, 12) {
                .tryDistinctUntilChangedByKey($0, tensDigitNeverThrowing)
            },
            withinTwoCase("tryDistinctUntilChanged by comparer: values pass as by comparer while the comparer returns") {
                .tryDistinctUntilChangedByComparer($0, withinTwoNeverThrowing)
            },
        ],
        throwCases(
            "tryDistinctUntilChanged by comparer", source: drift, values: [.next(210, 1)], throwsAt: 230,
            tapped: ["subscribe@200", "next(1)@210", "next(2)@220", "next(3)@230", "dispose@230"]
        ) { .tryDistinctUntilChangedByComparer($0, withinTwoThrowingOn3) },
        [
            ConformanceCase(
                "tryDistinctUntilChanged by comparer: a throw during a synchronous source stops it",
                expected: [.next(200, 1), .error(200, 7)]
            ) { _ in .tryDistinctUntilChangedByComparer(.from([1, 2, 3, 9]), withinTwoThrowingOn3) },
        ],
    ].joined())
}
