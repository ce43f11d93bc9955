import XCTest
@testable import SinkEngine
import TestSupport

final class TrampolineTests: TimeLimitedTestCase {
    func testConcatOfManyJustsRunsInConstantStack() {
        let sources = (0..<100_000).map { Observable.just($0) }
        let recorder = Recorder<Int>()
        _ = Observable.concat(sources).reduce(0, accumulator: +).subscribe(recorder.observer)
        XCTAssertEqual(recorder.values, [(0..<100_000).reduce(0, +)])
        XCTAssertTrue(recorder.isCompleted)
    }

    func testRetryOfASynchronousFailureRunsInConstantStack() {
        let counter = Counter()
        let failing = Observable<Int>.create { observer in
            counter.increment()
            observer.onError(TestError())
            return Disposables.create()
        }
        let recorder = Recorder<Int>()
        _ = failing.retry(100_000).subscribe(recorder.observer)
        XCTAssertEqual(counter.value, 100_000, "retry counts total subscriptions")
        XCTAssertTrue(recorder.isFailed)
    }

    func testNestedScheduleIsQueuedUntilTheOuterActionReturns() {
        var order: [String] = []
        CurrentThreadScheduler.instance.schedule {
            order.append("outer start")
            CurrentThreadScheduler.instance.schedule { order.append("inner") }
            order.append("outer end")
        }
        XCTAssertEqual(order, ["outer start", "outer end", "inner"])
        XCTAssertTrue(CurrentThreadScheduler.isScheduleRequired)
    }

    func testSynchronousFeedbackLoopDoesNotGrowTheStack() {
        let start = LiveObjects.count
        defer { XCTAssertEqual(LiveObjects.count, start, "the system releases everything on dispose") }
        let limit = 100_000
        let recorder = Recorder<Int>()
        let system = Observable<Int>.system(
            initialState: 0,
            reduce: { state, mutation in state + mutation },
            feedback: [{ state in state.flatMap { $0 < limit ? Observable.just(1) : Observable.empty() } }])
        let subscription = system.subscribe(recorder.observer)
        XCTAssertEqual(recorder.values.count, limit + 1)
        XCTAssertEqual(recorder.values.last, limit)
        subscription.dispose()
    }
}
