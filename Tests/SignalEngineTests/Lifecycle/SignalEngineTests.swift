import Dispatch
import XCTest

@testable import SignalEngine
import TestSupport

private struct TestError: Error, Equatable { let code: Int }

/// Records a subscription's history, like a marble test.
private final class Recorder<T>: @unchecked Sendable {
    enum Event: CustomStringConvertible {
        case next(T), error(TestError), completed
        var description: String {
            switch self {
            case .next(let v): "\(v)"
            case .error(let e): "error(\(e.code))"
            case .completed: "|"
            }
        }
    }
    private let lock = NSLockish()
    private var _events: [Event] = []
    var events: [String] { lock.with { _events.map(\.description) } }
    func start(_ signal: Signal<T, TestError>) -> Disposable {
        signal.start(
            next: { v in self.lock.with { self._events.append(.next(v)) } },
            error: { e in self.lock.with { self._events.append(.error(e)) } },
            completed: { self.lock.with { self._events.append(.completed) } })
    }
}

/// A tiny lock for the tests (no Foundation).
private final class NSLockish: @unchecked Sendable {
    private let queue = DispatchQueue(label: "lock")
    func with<R>(_ f: () -> R) -> R { queue.sync(execute: f) }
}

/// A test case each of whose tests must leave the engine's live-object count where it found it (debug builds
/// count; a release build checks nothing).
class LeakCheckedTestCase: TimeLimitedTestCase {
    #if DEBUG
    private var liveAtStart = 0
    override func setUp() { liveAtStart = LiveObjects.count }
    override func tearDown() {
        XCTAssertEqual(settledLiveObjects({ LiveObjects.current }, expecting: liveAtStart), liveAtStart, "live engine objects leaked")
    }
    #endif
}

final class SignalEngineTests: LeakCheckedTestCase {

    private func counting(_ n: Int) -> Signal<Int, TestError> {
        Signal { subscriber in
            for i in 0..<n { subscriber.putNext(i) }
            subscriber.putCompletion()
            return EmptyDisposable
        }
    }

    func testMapFilterPipe() {
        let recorder = Recorder<Int>()
        _ = recorder.start(counting(6) |> map { $0 * 10 } |> filter { $0 % 20 == 0 })
        XCTAssertEqual(recorder.events, ["0", "20", "40", "|"])
    }

    /// SwiftSignalKit's take(0) (Signal_Take.swift:3-28): upstream starts, no value passes, and it completes
    /// with upstream, not at once.
    func testTakeZeroStartsUpstreamAndCompletesWithIt() {
        let pipe = Pipe<Int, TestError>()
        let recorder = Recorder<Int>()
        _ = recorder.start(pipe.signal() |> take(0))
        XCTAssertEqual(recorder.events, [])
        pipe.putNext(1)
        pipe.putNext(2)
        XCTAssertEqual(recorder.events, [])
        pipe.putCompletion()
        XCTAssertEqual(recorder.events, ["|"])
    }

    func testTakeDisposesUpstream() {
        var disposed = 0
        let pipe = Pipe<Int, TestError>()
        let source = pipe.signal() |> afterDisposed { disposed += 1 }
        let recorder = Recorder<Int>()
        let subscription = recorder.start(source |> take(2))
        pipe.putNext(1)
        pipe.putNext(2)
        pipe.putNext(3)
        subscription.dispose()
        XCTAssertEqual(recorder.events, ["1", "2", "|"])
        XCTAssertEqual(disposed, 1)
    }

    func testConcatOfManySinglesDoesNotGrowTheStack() {
        let signals = (0..<100_000).map { Signal<Int, TestError>.single($0) }
        var sum = 0
        var completed = false
        _ = concatSignals(signals).start(next: { sum += $0 }, completed: { completed = true })
        XCTAssertEqual(sum, (0..<100_000).reduce(0, +))
        XCTAssertTrue(completed)
    }

    func testRestartIfErrorCountsSubscriptionsIteratively() {
        var subscriptions = 0
        let failing = Signal<Int, TestError> { subscriber in
            subscriptions += 1
            subscriber.putError(TestError(code: subscriptions))
            return EmptyDisposable
        }
        let recorder = Recorder<Int>()
        _ = recorder.start(failing |> restartIfError(attempts: 100_000))
        XCTAssertEqual(subscriptions, 100_000)
        XCTAssertEqual(recorder.events, ["error(100000)"])
    }

    func testSystemLoopRunsOnTheTrampoline() {
        let limit = 50_000
        let counter = system(
            initialState: 0,
            reduce: { (state: Int, mutation: Int) in state + mutation },
            feedbacks: [{ (state: Signal<Int, TestError>) in
                state |> filter { $0 < limit } |> map { _ in 1 }
            }])
        var last = -1
        var count = 0
        let subscription = (counter |> take(limit + 1)).start(next: { last = $0; count += 1 })
        subscription.dispose()
        XCTAssertEqual(last, limit)
        XCTAssertEqual(count, limit + 1)
    }

    func testSwitchToLatestDisposesThePreviousInner() {
        let outer = Pipe<Int, TestError>()
        let inners = [Pipe<Int, TestError>(), Pipe<Int, TestError>()]
        let recorder = Recorder<Int>()
        let subscription = recorder.start(outer.signal() |> mapToSignal { inners[$0].signal() })
        outer.putNext(0)
        inners[0].putNext(1)
        outer.putNext(1)
        inners[0].putNext(2)
        inners[1].putNext(3)
        outer.putCompletion()
        inners[0].putCompletion()
        XCTAssertEqual(recorder.events, ["1", "3"])
        inners[1].putCompletion()
        XCTAssertEqual(recorder.events, ["1", "3", "|"])
        subscription.dispose()
    }

    func testCombineLatestAndZip() {
        let a = Pipe<Int, TestError>()
        let b = Pipe<Int, TestError>()
        let combined = Recorder<Int>()
        let zipped = Recorder<Int>()
        let s1 = combined.start(combineLatest(a.signal(), b.signal()) { $0 * 10 + $1 })
        let s2 = zipped.start(zipSignals(a.signal(), b.signal()) { $0 * 10 + $1 })
        a.putNext(1)
        a.putNext(2)
        b.putNext(3)
        b.putNext(4)
        a.putCompletion()
        XCTAssertEqual(combined.events, ["23", "24"])
        XCTAssertEqual(zipped.events, ["13", "24", "|"])
        b.putCompletion()
        XCTAssertEqual(combined.events, ["23", "24", "|"])
        s1.dispose()
        s2.dispose()
    }

    func testPromiseReplaysTheLatestValue() {
        let promise = Promise<Int, TestError>(1)
        promise.putNext(2)
        let recorder = Recorder<Int>()
        let subscription = recorder.start(promise.get())
        promise.putNext(3)
        promise.putCompletion()
        XCTAssertEqual(recorder.events, ["2", "3", "|"])
        subscription.dispose()
    }

    /// Subscribers joining while another thread puts values: each sees a run of consecutive values (the
    /// replayed ones, then live ones), never a gap, a repeat or an older value after a newer one.
    func testReplayBufferJoinRacingPutsKeepsEachHistoryConsecutive() {
        let buffer = ReplayBuffer<Int, TestError>(bufferSize: 3)
        let total = 5_000
        let putter = DispatchQueue(label: "putter")
        let done = DispatchSemaphore(value: 0)
        putter.async {
            for value in 0..<total { buffer.putNext(value) }
            done.signal()
        }
        var recorders: [Recorder<Int>] = []
        var subscriptions: [Disposable] = []
        for _ in 0..<200 {
            let recorder = Recorder<Int>()
            subscriptions.append(recorder.start(buffer.get()))
            recorders.append(recorder)
        }
        done.wait()
        for subscription in subscriptions { subscription.dispose() }
        for recorder in recorders {
            let values = recorder.events.compactMap(Int.init)
            XCTAssertEqual(values.count, recorder.events.count, "only values, no terminal event")
            for (earlier, later) in zip(values, values.dropFirst()) {
                XCTAssertEqual(later, earlier + 1, "a gap, repeat or reorder in \(values.prefix(8))...")
            }
            // Every subscriber joined before the putter's last value, so each history ends with it.
            if let last = values.last { XCTAssertEqual(last, total - 1) }
        }
    }

    func testReplayBufferReplaysTheLastValuesThenTheTerminalEvent() {
        let buffer = ReplayBuffer<Int, TestError>(bufferSize: 2)
        for value in 1...4 { buffer.putNext(value) }
        buffer.putError(TestError(code: 9))
        let recorder = Recorder<Int>()
        let subscription = recorder.start(buffer.get())
        XCTAssertEqual(recorder.events, ["3", "4", "error(9)"])
        subscription.dispose()
    }

    func testAsyncMapRepliesLater() {
        let queue = DispatchQueue(label: "replies")
        let finished = DispatchSemaphore(value: 0)
        let recorder = Recorder<Int>()
        let source = Signal<Int, TestError>.sequence([1, 2, 3])
        let mapped = source
            |> asyncMap { (value: Int, reply: @escaping (Int) -> Void) in queue.async { reply(value * 2) } }
            |> afterDisposed { finished.signal() }
        let subscription = recorder.start(mapped)
        finished.wait()
        XCTAssertEqual(recorder.events, ["2", "4", "6", "|"])
        subscription.dispose()
        // The reply blocks release their references only after they return: drain the queue before
        // tearDown counts live objects.
        queue.sync {}
    }

    /// Dispose from another thread while a source pumps: no crash, and nothing is delivered once
    /// dispose() has returned and the in-flight event (if any) has finished.
    func testDisposeRacesDelivery() {
        for _ in 0..<200 {
            let stop = Pipe<Int, TestError>()
            let source = Signal<Int, TestError> { subscriber in
                DispatchQueue.global().async {
                    var i = 0
                    while !subscriber.isTerminated && i < 1_000_000 {
                        subscriber.putNext(i)
                        i += 1
                    }
                    stop.putCompletion()
                }
                return EmptyDisposable
            }
            let finished = DispatchSemaphore(value: 0)
            let stopped = stop.signal().start(completed: { finished.signal() })
            let delivered = Atomicish()
            let subscription = (source |> map { $0 + 1 } |> filter { $0 > 0 }).start(next: { _ in delivered.bump() })
            usleepish()
            subscription.dispose()
            let atDispose = delivered.value
            finished.wait()
            XCTAssertLessThanOrEqual(delivered.value - atDispose, 1)
            stopped.dispose()
        }
    }

    func testPipeConcurrentEmitters() {
        let pipe = Pipe<Int, TestError>()
        let total = Atomicish()
        let subscription = pipe.signal().start(next: { _ in total.bump() })
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for i in 0..<10_000 { pipe.putNext(i) }
        }
        XCTAssertEqual(total.value, 40_000)
        subscription.dispose()
    }
}

private func usleepish() {
    let until = DispatchTime.now().uptimeNanoseconds + 50_000
    while DispatchTime.now().uptimeNanoseconds < until {}
}

private final class Atomicish: @unchecked Sendable {
    private let queue = DispatchQueue(label: "counter")
    private var count = 0
    func bump() { queue.sync { count += 1 } }
    var value: Int { queue.sync { count } }
}
