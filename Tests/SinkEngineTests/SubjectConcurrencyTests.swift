import Dispatch
import XCTest
@testable import SinkEngine

final class SubjectConcurrencyTests: TimeLimitedTestCase {
    /// Concurrent emitters: every event is delivered, and never two at once to the same observer.
    func testConcurrentEmittersAreDeliveredSeriallyAndCompletely() {
        let start = LiveObjects.count
        let subject = PublishSubject<Int>()
        let inside = Counter()
        let overlaps = Counter()
        let received = Counter()
        let subscription = subject.map { $0 + 1 }.subscribe(onNext: { _ in
            inside.increment()
            if inside.value > 1 { overlaps.increment() }
            received.increment()
            inside.decrement()
        })
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for value in 0..<5_000 { subject.onNext(value) }
        }
        XCTAssertEqual(received.value, 20_000)
        XCTAssertEqual(overlaps.value, 0)
        subscription.dispose()
        XCTAssertEqual(LiveObjects.count, start)
    }

    /// Merge of subjects fed from several threads: serialised, complete, and completed once.
    func testMergeOfConcurrentSourcesIsSerialised() {
        let subjects = (0..<4).map { _ in PublishSubject<Int>() }
        let recorder = Recorder<Int>()
        let subscription = Observable.merge(subjects.map { $0.asObservable() }).subscribe(recorder.observer)
        DispatchQueue.concurrentPerform(iterations: 4) { index in
            for value in 0..<2_000 { subjects[index].onNext(value) }
            subjects[index].onCompleted()
        }
        XCTAssertEqual(recorder.values.count, 8_000)
        XCTAssertEqual(recorder.events.filter { $0.isStopEvent }.count, 1)
        XCTAssertTrue(recorder.isCompleted)
        subscription.dispose()
    }
}
