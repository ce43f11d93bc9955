import XCTest
@testable import SubscriberEngine
import TestSupport

/// Deep synchronous recursion must run in loops (or the trampoline), not on the stack.
final class StackDepthTests: TimeLimitedTestCase {
    func testConcatOfManyReturnSignals() {
        let signals = (0..<100_000).map { RACSignal<Int>.return($0) }
        var count = 0
        var completed = false
        RACSignal.concat(signals).subscribeNext({ _ in count += 1 }, completed: { completed = true })
        XCTAssertEqual(count, 100_000)
        XCTAssertTrue(completed)
    }

    func testRetryManyTimes() {
        var attempts = 0
        let failing = RACSignal<Int>.createSignal { subscriber in
            attempts += 1
            subscriber.sendError(TestError(code: 0))
            return nil
        }
        var failed = false
        failing.retry(99_999).subscribeError { _ in failed = true }
        XCTAssertEqual(attempts, 100_000)
        XCTAssertTrue(failed)
    }

    func testFeedbackSystemLoopsInTheTrampoline() {
        // A feedback answering every state below the limit synchronously: 20,000 round trips.
        let limit = 20_000
        let system = RACSignal<Int>.system(
            initialState: 0, reduce: { $0 + $1 },
            feedbacks: [{ state in state.filter { $0 < limit }.map { _ in 1 } }])
        var states: [Int] = []
        let disposable = system.subscribeNext { states.append($0) }
        XCTAssertEqual(states.first, 0)
        XCTAssertEqual(states.last, limit)
        XCTAssertEqual(states.count, limit + 1)
        disposable?.dispose()
    }

    func testTrampolineRunsNestedWorkInOrder() {
        XCTAssertEqual(nestedWorkOrder { _ = Scheduler.trampoline.schedule($0) }, [1, 2, 3])
    }
}
