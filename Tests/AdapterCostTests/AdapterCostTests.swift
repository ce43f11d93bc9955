import Measurement
import RxBenchCore
import SignalAdapter
import SignalEngine
import SinkAdapter
import SinkEngine
import SubscriberAdapter
import SubscriberEngine
import Testing
import TestSupport

/// What the harness adds per subscription must be nothing: a lifecycle measured through an adapter
/// (translate the flow, subscribe with the prepared observer, dispose) allocates exactly what the same
/// chain allocates when written against the engine directly, with one prebuilt observer, as a user
/// would. Counted on this thread, as the difference between 2n and n lifecycles, so setup cancels.
@Suite("Adapter cost is zero", .engineExclusive, .timeLimit(.minutes(5)))
struct AdapterCostTests {
    /// The flow's own closure, held as every flow holds it (FlowClosures.swift): the direct chains hand over the
    /// same closure value the adapters do, so that what differs is only the translation. (A user's literal
    /// costs the same in a release build; a debug build wraps a stored closure where it is handed over.)
    static let increment = IntTransform("+1") { $0 &+ 1 }
    /// The harness's observer, likewise: the direct chains hand over its `next` as the adapters do.
    static let events = EventObserver(next: { _ in })
    static let n = 64

    /// Mallocs per lifecycle of `body`, by the difference method.
    static func perLifecycle(_ body: (Int) -> Void) -> Int { AllocationCounter.mallocsPerUnit(n: n, body) }

    /// `never -> map x depth` through `adapter`: translate, subscribe, dispose, per lifecycle.
    static func throughAdapter<A: EngineAdapter>(_ adapter: A, depth: Int) -> Int {
        let flow = (0..<depth).reduce(Flow.never) { flow, _ in .map(flow, increment) }
        let observer = adapter.nativeObserver(events)
        return perLifecycle { lifecycles in
            for _ in 0..<lifecycles {
                guard let stream = try? adapter.stream(flow, subjects: []) else { return }
                adapter.dispose(adapter.subscribe(stream, with: observer))
            }
        }
    }

    @Test("sink: never -> map x depth", .enabled(if: AllocationCounter.isCalibrated, "malloc is not interposed in this process (sanitizer build, or macOS): no exact count to compare"), arguments: [1, 10])
    func sink(depth: Int) {
        let observer = AnyObserver<Int> { _ in }
        let transform = Self.increment
        let direct = Self.perLifecycle { lifecycles in
            for _ in 0..<lifecycles {
                var chain = Observable<Int>.never()
                for _ in 0..<depth { chain = chain.map(transform.throwingApply) }
                chain.subscribe(observer).dispose()
            }
        }
        #expect(direct > 0)
        #expect(Self.throughAdapter(SinkAdapter(), depth: depth) == direct)
    }

    @Test("signal: never |> map x depth", .enabled(if: AllocationCounter.isCalibrated, "malloc is not interposed in this process (sanitizer build, or macOS): no exact count to compare"), arguments: [1, 10])
    func signal(depth: Int) {
        let transform = Self.increment
        let events = Self.events
        let direct = Self.perLifecycle { lifecycles in
            for _ in 0..<lifecycles {
                var chain = Signal<Int, BenchError>.never()
                for _ in 0..<depth { chain = chain |> SignalEngine.map(transform.apply) }
                chain.start(next: events.next, error: events.error, completed: events.completed).dispose()
            }
        }
        #expect(direct > 0)
        #expect(Self.throughAdapter(SignalAdapter(), depth: depth) == direct)
    }

    @Test(
        "subscriber and subscriber-direct: never -> map x depth", .enabled(if: AllocationCounter.isCalibrated, "malloc is not interposed in this process (sanitizer build, or macOS): no exact count to compare"),
        arguments: [1, 10], [false, true])
    func subscriber(depth: Int, direct isDirect: Bool) {
        let transform = Self.increment
        let events = Self.events
        let error: (any Error) -> Void = { _ in }
        let direct = Self.perLifecycle { lifecycles in
            for _ in 0..<lifecycles {
                var chain = SubscriberEngine.RACSignal<Int>.never
                for _ in 0..<depth { chain = isDirect ? chain.mapDirect(transform.apply) : chain.map(transform.apply) }
                chain.subscribeNext(events.next, error: error, completed: events.completed)?.dispose()
            }
        }
        #expect(direct > 0)
        #expect(Self.throughAdapter(SubscriberAdapter(isDirect ? .direct : .faithful), depth: depth) == direct)
    }
}
