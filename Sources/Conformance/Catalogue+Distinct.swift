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

extension Catalogue {
    static let distinct: [ConformanceCase] = [
        ConformanceCase(
            "distinctUntilChanged by key: drops values whose key repeats", sources: [tens],
            expected: [.next(210, 11), .next(230, 25), .next(250, 13), .completed(260)],
            subscriptions: [[sub(200, 260)]]
        ) { c in .distinctUntilChangedByKey(c.source(0), tensDigit) },
        ConformanceCase(
            "distinctUntilChanged by key: error",
            sources: [.hot([.next(210, 11), .next(220, 12), .error(230, 1)])],
            expected: [.next(210, 11), .error(230, 1)],
            subscriptions: [[sub(200, 230)]]
        ) { c in .distinctUntilChangedByKey(c.source(0), tensDigit) },
        ConformanceCase(
            "distinctUntilChanged by comparer: compares with the last value forwarded",
            sources: [.hot([.next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .next(250, 10), .completed(260)])],
            expected: [.next(210, 1), .next(240, 4), .next(250, 10), .completed(260)],
            subscriptions: [[sub(200, 260)]]
        ) { c in .distinctUntilChangedByComparer(c.source(0), withinTwo) },
        ConformanceCase(
            "distinctUntilChanged by comparer: error",
            sources: [.hot([.next(210, 1), .next(220, 2), .error(230, 1)])],
            expected: [.next(210, 1), .error(230, 1)],
            subscriptions: [[sub(200, 230)]]
        ) { c in .distinctUntilChangedByComparer(c.source(0), withinTwo) },
    ]
}
