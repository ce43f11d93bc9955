import XCTest
@testable import SignalEngine
import TestSupport

/// The multi-input operators' state machines held directly (docs/decisions/state-machines.md): each transition's
/// answer is what its owner does once the lock is released, so each rule is checked here by the answer it gives.
/// Through a whole chain most of these answers are hidden (a late completion is dropped downstream anyway).
final class StateMachineTests: TimeLimitedTestCase {
    /// A disposable that is only compared by identity.
    final class Token: Disposable, @unchecked Sendable {
        func dispose() {}
    }

    func testSwitchDisposesThePreviousInnerAndIgnoresItsLateCompletion() {
        var machine = SwitchStateMachine()
        let first = Token()
        let firstStart = machine.switchTo()
        XCTAssertEqual(firstStart?.generation, 1)
        XCTAssertNil(firstStart?.previous)
        XCTAssertFalse(machine.innerStarted(1, first), "the current inner is kept")
        let second = machine.switchTo()
        XCTAssertTrue(second?.previous === first, "the previous inner is handed back to be disposed")
        XCTAssertFalse(machine.innerCompleted(1), "a replaced inner's completion is ignored")
        XCTAssertFalse(machine.outerCompleted(), "inner 2 still runs")
        XCTAssertTrue(machine.innerCompleted(2), "the outer and the current inner are done")
    }

    func testSwitchDisposesAnInnerThatStartsAfterItWasReplacedOrDisposed() {
        var machine = SwitchStateMachine()
        _ = machine.switchTo()
        _ = machine.switchTo()
        XCTAssertTrue(machine.innerStarted(1, Token()), "inner 1 was replaced while it started")
        let running = Token()
        XCTAssertFalse(machine.innerStarted(2, running))
        XCTAssertTrue(machine.dispose() === running, "dispose hands back the running inner")
        XCTAssertNil(machine.dispose(), "a second dispose has nothing to dispose")
        XCTAssertNil(machine.switchTo(), "nothing starts once disposed")
        XCTAssertFalse(machine.outerCompleted(), "nothing completes once disposed")
    }

    func testSwitchCompletesWhenTheOuterCompletesWithNoInnerRunning() {
        var machine = SwitchStateMachine()
        _ = machine.switchTo()
        XCTAssertFalse(machine.innerCompleted(1), "the outer still runs")
        XCTAssertTrue(machine.outerCompleted())
    }

    func testMergeCompletesOnceWhenTheOuterAndEveryInnerAreDone() {
        var machine = MergeStateMachine()
        let a = machine.innerStarting()
        let b = machine.innerStarting()
        XCTAssertNotNil(a)
        XCTAssertNotEqual(a, b, "each inner has an id of its own")
        XCTAssertFalse(machine.innerStarted(a!, Token()))
        XCTAssertFalse(machine.innerCompleted(a!), "the outer and inner b still run")
        XCTAssertFalse(machine.outerCompleted(), "inner b still runs")
        XCTAssertTrue(machine.innerCompleted(b!))
        XCTAssertFalse(machine.outerCompleted(), "completion is answered once")
    }

    func testMergeHandsBackTheRunningInnersOnDisposeAndDisposesLateStarts() {
        var machine = MergeStateMachine()
        let running = Token()
        let a = machine.innerStarting()!
        let b = machine.innerStarting()!
        XCTAssertFalse(machine.innerStarted(a, running))
        let slots = machine.dispose()
        XCTAssertEqual(slots.count, 2, "the running inner and the starting one")
        let disposables = slots.values.compactMap { slot -> Disposable? in
            if case .running(let disposable) = slot { return disposable }
            return nil
        }
        XCTAssertTrue(disposables.count == 1 && disposables[0] === running)
        XCTAssertTrue(machine.innerStarted(b, Token()), "an inner that returns after dispose is disposed at once")
        XCTAssertNil(machine.innerStarting(), "nothing starts once disposed")
        XCTAssertTrue(machine.dispose().isEmpty, "a second dispose has nothing to dispose")
    }

    func testMergeDrainQueuesWhatArrivesWhileAThreadDelivers() {
        var drain = MergeDrain<Int>()
        XCTAssertTrue(drain.arrived(.next(1)), "the first arrival is delivered by its own thread")
        XCTAssertFalse(drain.arrived(.next(2)), "queued behind the delivering thread")
        XCTAssertFalse(drain.arrived(.completed))
        guard case .next(2)? = drain.delivered() else { return XCTFail("the queued value comes next") }
        guard case .completed? = drain.delivered() else { return XCTFail("then the completion") }
        XCTAssertNil(drain.delivered(), "nothing is left: the thread stops delivering")
        XCTAssertTrue(drain.arrived(.next(3)), "the next arrival delivers again")
    }

    func testCombineLatestPutsOnlyOnceEveryInputHasAValueAndCompletesWhenAllHave() {
        var machine = CombineLatestStateMachine<[Int?]>(count: 2, values: [nil, nil])
        XCTAssertNil(machine.received(0) { $0[0] = 1 })
        XCTAssertNil(machine.received(0) { $0[0] = 2 }, "input 1 has no value yet")
        XCTAssertEqual(machine.received(1) { $0[1] = 10 }, [2, 10])
        XCTAssertEqual(machine.received(0) { $0[0] = 3 }, [3, 10], "the latest of each")
        XCTAssertFalse(machine.completed())
        XCTAssertTrue(machine.completed(), "every input completed")
        XCTAssertFalse(machine.completed(), "completion is answered once")
    }

    func testZipPairsInOrderAndCompletesWhenACompletedInputsBufferIsEmpty() {
        var machine = ZipStateMachine<([Int], [Int]), (Int, Int)>(
            count: 2, buffers: ([], []),
            pop: { buffers in
                if buffers.0.isEmpty || buffers.1.isEmpty { return nil }
                return (buffers.0.removeFirst(), buffers.1.removeFirst())
            },
            isEmpty: { buffers, index in index == 0 ? buffers.0.isEmpty : buffers.1.isEmpty })
        XCTAssertNil(machine.received { $0.0.append(1) }.tuple)
        XCTAssertNil(machine.received { $0.0.append(2) }.tuple)
        XCTAssertFalse(machine.completed(0), "input 0 still has a buffered value")
        let pair = machine.received { $0.1.append(10) }
        XCTAssertTrue(pair.tuple.map { $0 == (1, 10) } ?? false, "the first of each buffer")
        XCTAssertFalse(pair.complete, "input 0 still has 2 buffered")
        let last = machine.received { $0.1.append(20) }
        XCTAssertTrue(last.tuple.map { $0 == (2, 20) } ?? false)
        XCTAssertTrue(last.complete, "input 0 completed and its buffer is empty: no pair can form")
        XCTAssertFalse(machine.received { $0.1.append(30) }.complete, "nothing after completion")
    }
}
