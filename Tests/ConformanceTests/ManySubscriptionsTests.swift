import Conformance
import EngineRegistry
import Foundation
import RxBenchCore
import Testing
import TestSupport

/// Twenty subscriptions to one publish subject, fifteen disposed in subscription order, then one value: only the
/// five left get it, and the observers of the fifteen are released while the subject lives. Past ten disposals
/// the floor's subject compacts its array of subscriptions and moves the live ones down; each must learn its new
/// place, or its later dispose misses it and the subject keeps it, with its observer, for as long as the subject
/// lives (the mutation check's floor-compact-keeps-slot, which no case with a few subscribers reached). Run on
/// every row: the async rows' subjects deliver inside the send too (each subscriber's task runs on the sender's
/// thread).
@Suite("a subject with many subscriptions, most of them disposed", .serialized, .engineExclusive,
       .timeLimit(.minutes(5)))
struct ManySubscriptionsTests {
    static let rows: [Engine] = EngineRegistry.builtIn.map { Engine(adapter: $0.adapter) }

    @Test("only the subscriptions left get the value, and the disposed ones' observers are released", arguments: Self.rows)
    func disposedInOrder(_ engine: Engine) throws {
        guard let (receivers, kept) = try Self.run(engine.adapter) else { return }
        #expect(receivers == Array(15..<20), "\(engine.adapter.descriptor.id)")
        #expect(kept.isEmpty, "\(engine.adapter.descriptor.id) still holds the observers of \(kept)")
    }

    @Test("no row is left out")
    func leftOut() throws {
        let skipped = try Self.rows.filter { try Self.run($0.adapter, probeOnly: true) == nil }
            .map(\.adapter.descriptor.id)
        #expect(skipped.isEmpty, "\(skipped)")
    }

    /// An object each observer holds, to see whether anything still holds the observer.
    final class Token: Sendable {}

    /// The receivers of the value, and the disposed subscriptions whose observers something still holds.
    static func run<A: EngineAdapter>(_ adapter: A, probeOnly: Bool = false) throws -> ([Int], [Int])? {
        let subject = try adapter.makeSubject(.publish)
        let stream = try adapter.stream(.subject(0), subjects: [subject])
        if adapter.deliversAsynchronously(stream) { return nil }
        if probeOnly { return ([], []) }
        let log = Log()
        var tokens: [Token] = (0..<20).map { _ in Token() }
        let held = tokens.map { Weak($0) }
        var subscriptions: [A.Subscription?] = tokens.enumerated().map { index, token in
            adapter.subscribe(stream, EventObserver(next: { _ in withExtendedLifetime(token) { log.append("\(index)") } }))
        }
        tokens.removeAll()
        for index in 0..<15 {
            if let subscription = subscriptions[index] { adapter.dispose(subscription) }
            subscriptions[index] = nil
        }
        adapter.sender(for: subject).next(1)
        let kept = (0..<15).filter { held[$0].value != nil }
        for subscription in subscriptions.compactMap({ $0 }) { adapter.dispose(subscription) }
        return withExtendedLifetime(subject) { (log.entries.compactMap(Int.init).sorted(), kept) }
    }

    final class Weak: @unchecked Sendable {
        weak var value: Token?
        init(_ value: Token) { self.value = value }
    }
}
