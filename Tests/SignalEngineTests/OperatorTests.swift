import Dispatch
import XCTest

@testable import SignalEngine
import TestSupport

private struct OperatorError: Error, Equatable { let code: Int }
private typealias IntSignal = Signal<Int, OperatorError>
/// The engine's pipe (Foundation has a `Pipe` too).
private typealias IntPipe = SignalEngine.Pipe<Int, OperatorError>

/// Collects a synchronous subscription's history as marble-like strings.
private func history(_ signal: IntSignal, dispose: Bool = true) -> [String] {
    var events: [String] = []
    let subscription = signal.start(
        next: { events.append("\($0)") },
        error: { events.append("error(\($0.code))") },
        completed: { events.append("|") })
    if dispose { subscription.dispose() }
    return events
}

final class OperatorTests: LeakCheckedTestCase {
    func testCollectionCombineLatestAndZip() {
        let inputs: [IntSignal] = [.sequence([1, 2]), .single(3), .sequence([4, 5, 6])]
        XCTAssertEqual(history(combineLatest(inputs) { $0.reduce(0) { $0 * 10 + $1 } }), ["234", "235", "236", "|"])
        XCTAssertEqual(history(zipSignals(inputs) { $0.reduce(0) { $0 * 10 + $1 } }), ["134", "|"])
        XCTAssertEqual(history(combineLatest([IntSignal]()) { $0.count }), ["|"])
    }

    /// An input that ends without a value does not end combineLatest: it completes when every input has
    /// (docs/decisions/completion-rules.md).
    func testCombineLatestCompletesOnlyWhenEveryInputCompleted() {
        let never = IntSignal.never()
        XCTAssertEqual(history(combineLatest(never, .complete()) { $0 + $1 }), [])
        XCTAssertEqual(history(combineLatest(.sequence([1, 2]), .complete()) { $0 + $1 }), ["|"])
    }

    /// A merging operator completes only after every input (or inner) has: `merging` reads an open pipe,
    /// which sends `sent`, then completes.
    func testMergingOperatorsCompleteAfterEveryInput() {
        let cases: [(name: String, merging: (IntPipe) -> IntSignal, sent: Int, values: [String])] = [
            ("mergeSignals", { pipe in mergeSignals([.single(1), pipe.signal()]) }, 2, ["1", "2"]),
            ("mapToSignalMerging", { pipe in IntSignal.sequence([1, 2]) |> mapToSignalMerging { _ in pipe.signal() } }, 7,
             ["7", "7"]),
        ]
        for (name, merging, sent, values) in cases {
            let pipe = IntPipe()
            var events: [String] = []
            let subscription = merging(pipe).start(next: { events.append("\($0)") }, completed: { events.append("|") })
            pipe.putNext(sent)
            XCTAssertEqual(events, values, name)
            pipe.putCompletion()
            XCTAssertEqual(events, values + ["|"], name)
            subscription.dispose()
        }
    }

    func testCatchContinuesWithTheReplacement() {
        let failing = IntSignal.single(1) |> then(.fail(OperatorError(code: 2)))
        XCTAssertEqual(history(failing |> `catch` { .single($0.code * 10) }), ["1", "20", "|"])
    }

    func testAfterDisposedRunsOnceAlsoAfterCompletion() {
        var runs = 0
        let subscription = (IntSignal.single(1) |> afterDisposed { runs += 1 }).start()
        XCTAssertEqual(runs, 1)
        subscription.dispose()
        subscription.dispose()
        XCTAssertEqual(runs, 1)
    }

    func testUsingReleasesOnceOnDispose() {
        var released: [Int] = []
        let signal = using({ 5 }, { IntSignal.single($0) |> then(.never()) }, release: { released.append($0) })
        XCTAssertEqual(history(signal), ["5"])
        XCTAssertEqual(released, [5])
    }

    func testTakeUntilIgnoresTriggerCompletion() {
        XCTAssertEqual(history(IntSignal.sequence([1, 2]) |> takeUntil(IntSignal.complete())), ["1", "2", "|"])
        XCTAssertEqual(history(IntSignal.sequence([1, 2]) |> takeUntil(IntSignal.single(0))), ["|"])
    }

    func testReduceLeftEmitsTheSeedWhenEmpty() {
        XCTAssertEqual(history(IntSignal.complete() |> reduceLeft(value: 7) { $0 + $1 }), ["7", "|"])
        XCTAssertEqual(history(IntSignal.sequence([1, 2, 3]) |> scan(0) { $0 + $1 }), ["1", "3", "6", "|"])
    }

    func testDeliverOnAndRunOnQueue() {
        let queue = Queue(name: "signal.tests.queue")
        let done = DispatchSemaphore(value: 0)
        var events: [String] = []
        let subscription = (IntSignal.sequence(0..<100) |> runOn(queue) |> map { $0 + 1 } |> deliverOn(queue)).start(
            next: { events.append("\($0)") },
            completed: {
                events.append("|")
                done.signal()
            })
        done.wait()
        queue.queue.sync {}
        XCTAssertEqual(events, (1...100).map { "\($0)" } + ["|"])
        subscription.dispose()
    }

    func testTrampolineQueuesNestedWork() {
        XCTAssertEqual(nestedWorkOrder { Trampoline.currentThread.schedule($0) }, [1, 2, 3])
        XCTAssertFalse(Trampoline.currentThread.isRunning)
    }

    /// Replies from many threads reach `scan` one at a time: the merge drains them serially.
    func testAsyncMapRepliesFromManyThreadsAreSerialised() {
        let count = 2_000
        let done = DispatchSemaphore(value: 0)
        var last = 0
        var values = 0
        let signal = IntSignal.sequence(1...count)
            |> asyncMap { (value: Int, reply: @escaping (Int) -> Void) in
                DispatchQueue.global().async { reply(value) }
            }
            |> scan(0) { $0 + $1 }
        let subscription = signal.start(
            next: {
                last = $0
                values += 1
            },
            completed: { done.signal() })
        done.wait()
        XCTAssertEqual(values, count)
        XCTAssertEqual(last, count * (count + 1) / 2)
        subscription.dispose()
    }

    func testPromiseGetAfterCompletionReplaysThenCompletes() {
        let promise = Promise<Int, OperatorError>()
        promise.putNext(4)
        promise.putCompletion()
        XCTAssertEqual(history(promise.get()), ["4", "|"])
        let pipe = Pipe<Int, OperatorError>()
        pipe.putError(OperatorError(code: 9))
        XCTAssertEqual(history(pipe.signal()), ["error(9)"])
    }
}
