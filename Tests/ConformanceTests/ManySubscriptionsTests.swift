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

    /// The first subscription's observer disposes the next twelve while the value is being sent: each of the
    /// seven after them gets the value once. (Whether a subscription disposed before its turn still gets the
    /// value it was sent is each library's rule, and not asserted.) The floor's subject must not compact its
    /// array while a send walks it (the mutation check's floor-compact-during-send).
    @Test("subscriptions disposed during a send: the others each get the value once", arguments: Self.rows)
    func disposedDuringSend(_ engine: Engine) throws {
        guard let receivers = try Self.runDisposingDuringSend(engine.adapter) else { return }
        #expect(receivers.filter { $0 > 12 } == Array(13..<20), "\(engine.adapter.descriptor.id): \(receivers)")
        #expect(receivers.filter { $0 == 0 } == [0], "\(engine.adapter.descriptor.id): \(receivers)")
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

    static func runDisposingDuringSend<A: EngineAdapter>(_ adapter: A) throws -> [Int]? {
        let subject = try adapter.makeSubject(.publish)
        let stream = try adapter.stream(.subject(0), subjects: [subject])
        if adapter.deliversAsynchronously(stream) { return nil }
        let log = Log()
        let later = Box<[A.Subscription]>([])
        let first = adapter.subscribe(stream, EventObserver(next: { _ in
            log.append("0")
            for subscription in later.value.prefix(12) { adapter.dispose(subscription) }
        }))
        later.value = (1..<20).map { index in
            adapter.subscribe(stream, EventObserver(next: { _ in log.append("\(index)") }))
        }
        adapter.sender(for: subject).next(1)
        adapter.dispose(first)
        for subscription in later.value { adapter.dispose(subscription) }
        return withExtendedLifetime(subject) { log.entries.compactMap(Int.init).sorted() }
    }

    final class Box<Value>: @unchecked Sendable {
        var value: Value
        init(_ value: Value) { self.value = value }
    }

    final class Weak: @unchecked Sendable {
        weak var value: Token?
        init(_ value: Token) { self.value = value }
    }
}
