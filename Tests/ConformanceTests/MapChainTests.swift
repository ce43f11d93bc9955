import Conformance
import EngineRegistry
import Foundation
import RxBenchCore
import Testing
import TestSupport

/// Maps in a row, on every built-in row: each applies its own transform, in order. The conformance catalogue's
/// cases put other stages between maps, so `sink-fused`'s fusion of a map into the map below (RxSwift 5's
/// `composeMap`) met no case: a fusion that forgot the inner transform passed the suite (the mutation check's
/// variant-fused-drops-inner, docs/mutation.md).
@Suite("Maps in a row apply every transform", .serialized, .engineExclusive, .timeLimit(.minutes(5)))
struct MapChainTests {
    static let plusOne = IntTransform("+1") { $0 &+ 1 }
    static let timesTen = IntTransform("*10") { $0 &* 10 }
    static let minusThree = IntTransform("-3") { $0 &- 3 }

    @Test("map, map, map on a source of three values", arguments: ReentrancyTests.rows)
    func threeMaps(_ engine: Engine) throws {
        let flow = Flow.map(.map(.map(.from([1, 2, 3]), Self.plusOne), Self.timesTen), Self.minusThree)
        #expect(try Self.values(engine.adapter, flow) == ["17", "27", "37", "end"], "\(engine.adapter.descriptor.id)")
    }

    @Test("map, map on a subject", arguments: ReentrancyTests.rows)
    func twoMapsOnASubject(_ engine: Engine) throws {
        let flow = Flow.map(.map(.subject(0), Self.timesTen), Self.plusOne)
        #expect(try Self.values(engine.adapter, flow, send: [4, 5]) == ["41", "51", "end"], "\(engine.adapter.descriptor.id)")
    }

    /// What one subscriber of `flow` logs (`value`, `end`), `send` sent into subject 0 (a publish subject), which
    /// then completes.
    static func values(_ adapter: any EngineAdapter, _ flow: Flow, send: [Int] = []) throws -> [String] {
        func run<A: EngineAdapter>(_ adapter: A) throws -> [String] {
            let subject = try adapter.makeSubject(.publish)
            let sender = adapter.sender(for: subject)
            let stream = try adapter.stream(flow, subjects: [subject])
            let log = Log()
            let settle = Settle(adapter.deliversAsynchronously(stream), log)
            var subscription: A.Subscription?
            settle.after {
                subscription = adapter.subscribe(stream, EventObserver(
                    next: { log.append("\($0)") }, completed: { log.append("end") }))
            }
            for value in send { settle.after { sender.next(value) } }
            if case .subject = flow.source { settle.after { sender.completed() } }
            if let subscription { adapter.dispose(subscription) }
            return withExtendedLifetime(subject) { log.entries }
        }
        return try run(adapter)
    }
}

extension Flow {
    /// The source at the bottom of a chain of maps.
    fileprivate var source: Flow {
        if case .map(let inner, _) = self { return inner.source }
        return self
    }
}
