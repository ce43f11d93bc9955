import Dispatch
import XCTest
@testable import SinkEngine
import TestSupport

final class SubjectConcurrencyTests: TimeLimitedTestCase {
    /// Concurrent emitters: every event is delivered, and never two at once to the same observer.
    func testConcurrentEmittersAreDeliveredSeriallyAndCompletely() {
        let start = LiveObjects.count
        let subject = PublishSubject<Int>()
        let inside = Counter()
        let overlaps = Counter()
        let received = Counter()
        // Scoped: in the locked variants `subscribe(onNext:)` returns a counted `BinaryDisposable`, as RxSwift
        // does; the handle itself is released with the scope, what it held by `dispose()`.
        do {
            let subscription = subject.map { $0 + 1 }.subscribe(onNext: { _ in
                inside.increment()
                if inside.value > 1 { overlaps.increment() }
                received.increment()
                inside.decrement()
            })
            DispatchQueue.concurrentPerform(iterations: 4) { _ in
                for value in 0..<5_000 { subject.onNext(value) }
            }
            subscription.dispose()
        }
        XCTAssertEqual(received.value, 20_000)
        XCTAssertEqual(overlaps.value, 0)
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

    /// An observer that, on 1, sends 2 and then subscribes a new observer: the new one starts from the subject
    /// as 2 left it (RxSwift delivers the re-entrant 2 before the subscribe that follows it), and sees what is
    /// sent after. Before, its replay of the buffer as it was (1) was queued behind the 2 it also received.
    func testASubscriptionMadeDuringDeliveryStartsWhereTheQueuedEventsLeftTheSubject() {
        let start = LiveObjects.count
        let behavior = BehaviorSubject<Int>(value: 0)
        let publish = PublishSubject<Int>()
        for subject in [behavior, publish] as [SubjectBase<Int>] {
            let late = Recorder<Int>()
            let lateSubscription = SingleAssignmentSlot()
            let first = subject.subscribe(onNext: { value in
                guard value == 1 else { return }
                subject.onNext(2)
                lateSubscription.value = subject.subscribe(late.observer)
            })
            subject.onNext(1)
            XCTAssertEqual(late.values, subject === behavior ? [2] : [], "\(subject)")
            subject.onNext(3)
            XCTAssertEqual(late.values, subject === behavior ? [2, 3] : [3], "\(subject)")
            first.dispose()
            lateSubscription.value?.dispose()
        }
        XCTAssertEqual(behavior.value(), 3)
        XCTAssertEqual(LiveObjects.count, start)
    }

    /// Events an observer sends into its subject after the subject's terminal event, from inside a delivery (so
    /// queued behind it), are dropped: a later subscriber of a replay subject gets the values before the terminal
    /// event and that event, not a value or an error sent after it (queued events applied after the terminal
    /// event passed every other test: the mutation check's sink-subject-queued-after-stop, docs/mutation.md).
    func testEventsQueuedAfterTheTerminalEventAreDropped() {
        let subject = ReplaySubject<Int>.create(bufferSize: 4)
        let first = Recorder<Int>()
        let answering = subject.subscribe(onNext: { value in
            guard value == 1 else { return }
            subject.onCompleted()
            subject.onNext(2)
            subject.onError(TestError())
        })
        let recorded = subject.subscribe(first.observer)
        subject.onNext(1)
        XCTAssertEqual(first.values, [1])
        XCTAssertTrue(first.isCompleted)
        XCTAssertFalse(first.isFailed)
        let late = Recorder<Int>()
        subject.subscribe(late.observer).dispose()
        XCTAssertEqual(late.values, [1], "the buffer as the terminal event left it")
        XCTAssertTrue(late.isCompleted, "the first terminal event, not the error sent after it")
        XCTAssertFalse(late.isFailed)
        answering.dispose()
        recorded.dispose()
    }

    /// A subscription made and disposed while another delivery runs is never registered.
    func testASubscriptionDisposedBeforeItsTurnIsNeverRegistered() {
        let subject = PublishSubject<Int>()
        let late = Recorder<Int>()
        let first = subject.subscribe(onNext: { value in
            guard value == 1 else { return }
            subject.subscribe(late.observer).dispose()
        })
        subject.onNext(1)
        subject.onNext(2)
        XCTAssertEqual(late.values, [])
        first.dispose()
        XCTAssertFalse(subject.hasObservers)
    }
}

/// Holds a disposable made inside an observer, for the test that made it.
private final class SingleAssignmentSlot: @unchecked Sendable {
    var value: Disposable?
}

