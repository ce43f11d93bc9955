import RxBenchCore

// The one-result trait (docs/decisions/single.md): cold, the first answer wins, dispose before the answer,
// map and flatMap to a second request, and a stream that misbehaves as a one-result flow, where each
// engine keeps its library's rule.

private func interval(_ start: Int, _ end: Int? = nil) -> SubscriptionInterval { SubscriptionInterval(start, end) }

/// RxSwift's `asSingle()` holds the value until completion and fails on a second value or on completion
/// without one: its rows keep that rule. The others take the first value (SwiftSignalKit, RAC, Combine's
/// `first()`, an async sequence's first element).

/// A producer that logs `line` each time it runs and answers the run's number (1, 2, ...).
private func counted(_ c: CaseContext, _ line: String = "producer") -> Flow {
    .single(.script { reply in
        c.log(line)
        reply.success(c.counter.increment())
        return .none
    })
}

/// A producer that answers `value` `delay` after subscription and logs its dispose action (unless
/// `logsDispose` is false: whether a finished first request is disposed before or after the second is
/// made differs between merging and switching flatMaps, and is not what those cases check).
private func later(
    _ c: CaseContext, _ value: Int, after delay: Int, _ name: String = "request", logsDispose: Bool = true
) -> Flow {
    .single(.script { reply in
        c.log(name)
        c.scheduler.schedule(after: delay) { reply.success(value) }
        return DisposeAction { if logsDispose { c.log("\(name) disposed") } }
    })
}

extension ConformanceCases {
    static let singles: [ConformanceCase] = [
        ConformanceCase("single: answers once, then completes", expected: [.next(200, 7), .completed(200)]) { _ in
            .single(.success(7))
        },
        ConformanceCase("single: failure", expected: [.error(200, 1)]) { _ in .single(.failure(BenchError(1))) },
        ConformanceCase(
            "single: cold: the producer does not run without a subscription", expected: [], journal: []
        ) { c in .concat([.never, counted(c)]) },
        ConformanceCase(
            "single: cold: each subscription runs the producer again",
            expected: [.next(200, 1), .next(200, 2), .completed(200)],
            journal: ["producer@200", "producer@200"]
        ) { c in
            let request = counted(c)
            return .concat([request, request])
        },
        ConformanceCase(
            "single: the first answer wins (two values, then an error)",
            expected: [.next(200, 1), .completed(200)]
        ) { _ in
            .single(.script { reply in
                reply.success(1)
                reply.success(2)
                reply.failure(BenchError(1))
                return .none
            })
        },
        ConformanceCase(
            "single: an answer later; the producer is disposed after it",
            expected: [.next(230, 5), .completed(230)],
            journal: ["request@200", "request disposed@230"]
        ) { c in later(c, 5, after: 30) },
        ConformanceCase(
            "single: dispose before the answer: nothing is delivered, the producer is disposed",
            disposeAt: 210,
            expected: [],
            journal: ["request@200", "request disposed@210"]
        ) { c in later(c, 5, after: 30) },
        ConformanceCase(
            "single: map, then flatMap to a second request",
            expected: [.next(200, 15), .completed(200)]
        ) { _ in
            .singleFlatMap(.map(.single(.success(1)), IntTransform("x10") { $0 * 10 }), SingleSelector("+5") {
                .success($0 + 5)
            })
        },
        ConformanceCase("single: the second request fails", expected: [.error(200, 2)]) { _ in
            .singleFlatMap(.single(.success(1)), SingleSelector("fails") { _ in .failure(BenchError(2)) })
        },
        ConformanceCase(
            "single: the first request fails: the second is never made",
            expected: [.error(200, 1)], journal: []
        ) { c in
            .singleFlatMap(.single(.failure(BenchError(1))), SingleSelector("logged") { value in
                c.log("second")
                return .success(value)
            })
        },
        ConformanceCase(
            "single: the second request answers later",
            expected: [.next(240, 12), .completed(240)],
            journal: ["first@200", "second@210", "second disposed@240"]
        ) { c in
            .singleFlatMap(later(c, 1, after: 10, "first", logsDispose: false), SingleSelector("second") { value in
                .script { reply in
                    c.log("second")
                    c.scheduler.schedule(after: 30) { reply.success(value + 11) }
                    return DisposeAction { c.log("second disposed") }
                }
            })
        },
        ConformanceCase(
            "single: dispose while the second request is pending",
            disposeAt: 220,
            expected: [],
            journal: ["first@200", "second@210", "second disposed@220"]
        ) { c in
            .singleFlatMap(later(c, 1, after: 10, "first", logsDispose: false), SingleSelector("second") { value in
                .script { reply in
                    c.log("second")
                    c.scheduler.schedule(after: 30) { reply.success(value) }
                    return DisposeAction { c.log("second disposed") }
                }
            })
        },
    ] + misbehavingStreams

    /// A stream as a one-result flow. Where the stream sends one value and completes, or fails first, every
    /// model agrees but for when the value arrives; where it misbehaves, RxSwift's `asSingle()` fails and the
    /// others take the first value.
    static let misbehavingStreams: [ConformanceCase] = [
        ConformanceCase(
            "asSingle: one value, then completion",
            sources: [.hot([.next(210, 5), .completed(230)])],
            expected: [.next(210, 5), .completed(210)],
            subscriptions: [[interval(200, 210)]]
        ) { c in .asSingle(c.source(0)) }
            .rule(rxSwiftRows, [.next(230, 5), .completed(230)], [[interval(200, 230)]]),
        ConformanceCase(
            "asSingle: a second value",
            sources: [.hot([.next(210, 1), .next(220, 2), .completed(240)])],
            expected: [.next(210, 1), .completed(210)],
            subscriptions: [[interval(200, 210)]]
        ) { c in .asSingle(c.source(0)) }
            .rule(rxSwiftRows, [.error(220, BenchError.moreThanOneElement.code)], [[interval(200, 220)]]),
        ConformanceCase(
            "asSingle: completion without a value",
            sources: [.hot([.completed(220)])],
            expected: [.completed(220)],
            subscriptions: [[interval(200, 220)]]
        ) { c in .asSingle(c.source(0)) }
            .rule(rxSwiftRows, [.error(220, BenchError.noElements.code)], [[interval(200, 220)]]),
        ConformanceCase(
            "asSingle: an error after a value",
            sources: [.hot([.next(210, 1), .error(220, 1)])],
            expected: [.next(210, 1), .completed(210)],
            subscriptions: [[interval(200, 210)]]
        ) { c in .asSingle(c.source(0)) }
            .rule(rxSwiftRows, [.error(220, 1)], [[interval(200, 220)]]),
        ConformanceCase(
            "asSingle: an error before any value",
            sources: [.hot([.error(220, 1)])],
            expected: [.error(220, 1)],
            subscriptions: [[interval(200, 220)]]
        ) { c in .asSingle(c.source(0)) },
    ]
}

extension ConformanceCase {
    /// The same case with the rows of `semantics` expecting `expected` (and `subscriptions`) instead.
    func rule(
        _ semantics: Set<Semantics>, _ expected: [Recorded], _ subscriptions: [[SubscriptionInterval]]? = nil
    ) -> ConformanceCase {
        var copy = self
        copy.engineRules.append(EngineRule(semantics, expected: expected, subscriptions: subscriptions))
        return copy
    }
}
