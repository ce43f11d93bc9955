import RxBenchCore

/// How one run of a case differs from the case's expectations, as lines a reader can act on; empty when
/// it conforms. The same checks as the conformance suite: events, the grammar, source subscriptions, each
/// source subscription's dispose action run once, the journal, and the live-object balance where the
/// engine counts live objects (`liveObjects` non-nil; real libraries do not count, so it is not checked).
public func differences(of outcome: Outcome, from conformanceCase: ConformanceCase) -> [String] {
    if let unsupported = outcome.unsupported { return ["unsupported: \(unsupported)"] }
    var found: [String] = []
    if outcome.events != conformanceCase.expected {
        found.append("events \(outcome.events), expected \(conformanceCase.expected)")
    }
    if !outcome.interruptions.isEmpty {
        found.append("interrupted at \(outcome.interruptions) before the case disposed (no terminal event)")
    }
    if !outcome.eventsAfterTerminal.isEmpty {
        found.append("events after the terminal event: \(outcome.eventsAfterTerminal)")
    }
    if let expected = conformanceCase.expectedSubscriptions, outcome.subscriptions != expected {
        found.append("source subscriptions \(outcome.subscriptions), expected \(expected)")
    }
    for (index, counts) in outcome.disposeActions.enumerated() where !counts.allSatisfy({ $0 == 1 }) {
        found.append("source \(index): dispose actions ran \(counts) times, expected once each")
    }
    if let journal = conformanceCase.expectedJournal, outcome.journal != journal {
        found.append("journal \(outcome.journal), expected \(journal)")
    }
    if let before = outcome.liveBefore, let after = outcome.liveAfter, before != after {
        found.append("live objects \(before) before, \(after) after")
    }
    return found
}

/// Every catalogue case on one adapter: the cases that differ, by name, with their differences.
public struct ConformanceReport: Sendable {
    public let engine: String
    public let passed: Int
    /// Case name and how it differs (including cases the adapter cannot express).
    public let differing: [(name: String, differences: [String])]

    public var total: Int { passed + differing.count }

    /// The report as `conformance` prints it: a summary line, then each differing case and its differences.
    public var lines: [String] {
        ["\(engine): \(passed) of \(total) cases conform"]
            + differing.flatMap { name, differences in ["  \(name)"] + differences.map { "      \($0)" } }
    }
}

/// Runs `cases` (by default the whole catalogue) on `adapter` and collects what differs.
public func conformanceReport<A: EngineAdapter>(
    for adapter: A, cases: [ConformanceCase] = ConformanceCases.all
) -> ConformanceReport {
    var passed = 0
    var differing: [(name: String, differences: [String])] = []
    for conformanceCase in cases {
        let conformanceCase = conformanceCase.resolved(for: adapter.descriptor)
        let found = differences(of: run(conformanceCase, on: adapter), from: conformanceCase)
        if found.isEmpty { passed += 1 } else { differing.append((conformanceCase.name, found)) }
    }
    return ConformanceReport(engine: adapter.descriptor.id, passed: passed, differing: differing)
}
