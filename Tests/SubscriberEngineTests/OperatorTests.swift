import XCTest
@testable import SubscriberEngine
import TestSupport

final class OperatorTests: TimeLimitedTestCase {
    func testBindDerivedMapFilterTake() {
        let recorder = Recorder<Int>()
        recorder.subscribe(counting(10).map { $0 * 10 }.filter { $0 % 20 == 0 }.take(3))
        XCTAssertEqual(recorder.events, [.next(0), .next(20), .next(40), .completed])
    }

    func testDirectMapFilterTake() {
        let recorder = Recorder<Int>()
        recorder.subscribe(counting(10).mapDirect { $0 * 10 }.filterDirect { $0 % 20 == 0 }.takeDirect(3))
        XCTAssertEqual(recorder.events, [.next(0), .next(20), .next(40), .completed])
    }

    func testTakeZeroNeverSubscribes() {
        for take in [{ (s: RACSignal<Int>) in s.take(0) }, { (s: RACSignal<Int>) in s.takeDirect(0) }] {
            var subscribed = false
            let source = RACSignal<Int>.createSignal { subscriber in
                subscribed = true
                return nil
            }
            let recorder = Recorder<Int>()
            recorder.subscribe(take(source))
            XCTAssertFalse(subscribed)
            XCTAssertEqual(recorder.events, [.completed])
        }
    }

    func testTakeDisposesSource() {
        let disposed = Recorder<Int>()
        let source = RACSignal<Int>.createSignal { subscriber in
            subscriber.sendNext(1)
            subscriber.sendNext(2)
            return Disposable { disposed.subscribe(.return(1)) }
        }
        let recorder = Recorder<Int>()
        recorder.subscribe(source.take(1))
        XCTAssertEqual(recorder.events, [.next(1), .completed])
        XCTAssertEqual(disposed.values, [1])
    }

    func testTakeStopsASynchronousSourceAtOnce() {
        for take in [{ (s: RACSignal<Int>) in s.take(3) }, { (s: RACSignal<Int>) in s.takeDirect(3) }] {
            var emitted = 0
            let source = RACSignal<Int>.createSignal { subscriber in
                for value in 0..<1_000_000 {
                    if subscriber.isDisposed { break }
                    emitted += 1
                    subscriber.sendNext(value)
                }
                return nil
            }
            let recorder = Recorder<Int>()
            recorder.subscribe(take(source))
            XCTAssertEqual(recorder.events, [.next(0), .next(1), .next(2), .completed])
            XCTAssertEqual(emitted, 3)
        }
    }

    func testScanSkipDistinctAggregate() {
        let recorder = Recorder<Int>()
        recorder.subscribe(RACSignal.from([1, 1, 2, 2, 3]).distinctUntilChanged().skip(1).scan(withStart: 0, reduce: +))
        XCTAssertEqual(recorder.events, [.next(2), .next(5), .completed])

        let sum = Recorder<Int>()
        sum.subscribe(RACSignal.from([1, 2, 3]).aggregate(withStart: 10, reduce: +))
        XCTAssertEqual(sum.events, [.next(16), .completed])

        let empty = Recorder<Int>()
        empty.subscribe(RACSignal<Int>.empty.aggregate(withStart: 7, reduce: +))
        XCTAssertEqual(empty.events, [.next(7), .completed])
    }

    func testStartWithConcatMerge() {
        let recorder = Recorder<Int>()
        recorder.subscribe(RACSignal.concat([.from([1, 2]), .return(3)]).startWith([8, 9]))
        XCTAssertEqual(recorder.events, [.next(8), .next(9), .next(1), .next(2), .next(3), .completed])

        let merged = Recorder<Int>()
        merged.subscribe(RACSignal.merge([.from([1, 2]), .return(3), .empty]))
        XCTAssertEqual(merged.events, [.next(1), .next(2), .next(3), .completed])
    }

    func testFlattenMapCompletesAfterSourceAndInners() {
        let inner = Subject<Int>()
        let recorder = Recorder<Int>()
        recorder.subscribe(RACSignal.from([1, 2]).flattenMap { value in inner.signal.map { $0 + value } })
        inner.sendNext(10)
        XCTAssertEqual(recorder.events, [.next(11), .next(12)])
        inner.sendCompleted()
        XCTAssertEqual(recorder.events, [.next(11), .next(12), .completed])
    }

    func testSwitchToLatest() {
        let outer = Subject<RACSignal<Int>>()
        let first = Subject<Int>()
        let second = Subject<Int>()
        let recorder = Recorder<Int>()
        recorder.subscribe(outer.signal.switchToLatest())
        outer.sendNext(first.signal)
        first.sendNext(1)
        outer.sendNext(second.signal)
        first.sendNext(2)
        second.sendNext(3)
        outer.sendCompleted()
        XCTAssertEqual(recorder.events, [.next(1), .next(3)])
        second.sendCompleted()
        XCTAssertEqual(recorder.events, [.next(1), .next(3), .completed])
    }

    func testCombineLatestAndZip() {
        let a = Subject<Int>()
        let b = Subject<Int>()
        let combined = Recorder<Int>()
        combined.subscribe(RACSignal.combineLatest(a.signal, b.signal) { $0 * 10 + $1 })
        let zipped = Recorder<Int>()
        zipped.subscribe(RACSignal.zip(a.signal, b.signal) { $0 * 10 + $1 })
        a.sendNext(1)
        a.sendNext(2)
        b.sendNext(3)
        b.sendNext(4)
        a.sendCompleted()
        XCTAssertEqual(combined.events, [.next(23), .next(24)])
        XCTAssertEqual(zipped.events, [.next(13), .next(24), .completed])
        b.sendCompleted()
        XCTAssertEqual(combined.events, [.next(23), .next(24), .completed])

        let silent = Recorder<Int>()
        silent.subscribe(RACSignal.combineLatest(RACSignal<Int>.never, .empty) { $0 + $1 })
        XCTAssertEqual(silent.events, [], "an input completing without a value leaves the whole open")
        let ended = Recorder<Int>()
        ended.subscribe(RACSignal.combineLatest(RACSignal.from([1, 2]), RACSignal<Int>.empty) { $0 + $1 })
        XCTAssertEqual(ended.events, [.completed], "completes once every input has")

        let many = Recorder<[Int]>()
        many.subscribe(RACSignal<[Int]>.combineLatest([.return(1), .return(2), .from([3, 4]), .return(5), .return(6)]))
        XCTAssertEqual(many.events, [.next([1, 2, 4, 5, 6]), .completed], "inputs are subscribed in order")

        let three = Recorder<Int>()
        three.subscribe(RACSignal.zip(RACSignal.from([1, 2]), .from([3, 4]), .from([5]), reduce: { $0 * 100 + $1 * 10 + $2 }))
        XCTAssertEqual(three.events, [.next(135), .completed])
    }

    func testTakeUntilCatchRetry() {
        let source = Subject<Int>()
        let trigger = Subject<Int>()
        let recorder = Recorder<Int>()
        recorder.subscribe(source.signal.takeUntil(trigger.signal))
        source.sendNext(1)
        trigger.sendCompleted()
        source.sendNext(2)
        XCTAssertEqual(recorder.values, [1, 2], "trigger completion alone does nothing")

        let source2 = Subject<Int>()
        let trigger2 = Subject<Int>()
        let recorder2 = Recorder<Int>()
        recorder2.subscribe(source2.signal.takeUntil(trigger2.signal))
        source2.sendNext(1)
        trigger2.sendNext(0)
        source2.sendNext(2)
        XCTAssertEqual(recorder2.events, [.next(1), .completed])

        let caught = Recorder<Int>()
        caught.subscribe(RACSignal.concat([.return(1), .error(TestError(code: 1))]).catch { _ in .return(9) })
        XCTAssertEqual(caught.events, [.next(1), .next(9), .completed])

        var subscriptions = 0
        let failing = RACSignal<Int>.createSignal { subscriber in
            subscriptions += 1
            subscriber.sendError(TestError(code: subscriptions))
            return nil
        }
        let retried = Recorder<Int>()
        retried.subscribe(failing.retry(2))
        XCTAssertEqual(subscriptions, 3)
        XCTAssertEqual(retried.events, [.error("E3")])
    }

    func testDoHooksAndUsing() {
        var log: [String] = []
        let signal = RACSignal.from([1])
            .doEvents(next: { log.append("next \($0)") }, completed: { log.append("completed") })
            .doDisposed { log.append("disposed") }
            .initially { log.append("subscribe") }
        signal.subscribeNext({ log.append("got \($0)") }, completed: { log.append("got completed") })
        XCTAssertEqual(log, ["subscribe", "next 1", "got 1", "completed", "got completed", "disposed"])

        var released: [Int] = []
        let used = RACSignal<Int>.using(acquire: { 42 }, release: { released.append($0) }) { .return($0) }
        let recorder = Recorder<Int>()
        recorder.subscribe(used)
        XCTAssertEqual(recorder.events, [.next(42), .completed])
        XCTAssertEqual(released, [42])

        let never = RACSignal<Int>.using(acquire: { 7 }, release: { released.append($0) }) { _ in .never }
        let disposable = never.subscribeNext { _ in }
        disposable?.dispose()
        disposable?.dispose()
        XCTAssertEqual(released, [42, 7])
    }

    func testAsyncMapBothMechanisms() {
        let replies = Subject<Int>()
        for asyncMap in [
            { (s: RACSignal<Int>) in s.asyncMap { value, reply in reply(value * 2) } },
            { (s: RACSignal<Int>) in s.asyncMapUsingTake { value, reply in reply(value * 2) } },
        ] {
            let recorder = Recorder<Int>()
            recorder.subscribe(asyncMap(RACSignal.from([1, 2, 3])))
            XCTAssertEqual(recorder.events, [.next(2), .next(4), .next(6), .completed])
        }
        // Late answers from another thread, and a filter.
        let recorder = Recorder<Int>()
        let done = expectation(description: "completed")
        RACSignal.from(Array(0..<20))
            .asyncFilter { value, reply in DispatchQueue.global().async { reply(value % 2 == 0) } }
            .subscribeNext({ value in recorder.subscribe(.return(value)) }, completed: { done.fulfill() })
        wait(for: [done], timeout: 5)
        XCTAssertEqual(recorder.values.sorted(), Array(stride(from: 0, to: 20, by: 2)))
        _ = replies
    }

    func testReplaySubject() {
        let subject = ReplaySubject<Int>(capacity: 1, initial: 5)
        let early = Recorder<Int>()
        early.subscribe(subject.signal)
        subject.sendNext(6)
        let late = Recorder<Int>()
        late.subscribe(subject.signal)
        subject.sendCompleted()
        XCTAssertEqual(early.events, [.next(5), .next(6), .completed])
        XCTAssertEqual(late.events, [.next(6), .completed])
    }
}
