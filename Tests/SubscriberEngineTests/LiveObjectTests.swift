import XCTest
@testable import SubscriberEngine
import TestSupport

/// Every per-subscription object is released once a subscription is disposed or has terminated.
final class LiveObjectTests: TimeLimitedTestCase {
    func check(_ name: String, _ run: () -> Void) {
        #if DEBUG
        let start = LiveObjects.count
        run()
        XCTAssertEqual(LiveObjects.count, start, name)
        #endif
    }

    func testCountsReturnToStart() throws {
        #if !DEBUG
        // The engine counts its live objects only in debug builds (debug-only checks never enter measured
        // builds): under `-c release` this test has nothing to read, so it says so instead of passing.
        throw XCTSkip("live-object counts exist only in debug builds; run `swift test` without -c release")
        #endif
        check("bind chain, completed") {
            counting(10).map { $0 + 1 }.filter { $0 > 2 }.take(3).subscribeNext { _ in }
        }
        check("direct chain, completed") {
            counting(10).mapDirect { $0 + 1 }.filterDirect { $0 > 2 }.takeDirect(3).subscribeNext { _ in }
        }
        check("subject chain, disposed") {
            let subject = Subject<Int>()
            let disposable = subject.signal.map { $0 }.scan(withStart: 0, reduce: +).subscribeNext { _ in }
            subject.sendNext(1)
            disposable?.dispose()
        }
        check("combineLatest, zip, switchToLatest, disposed") {
            let a = Subject<Int>()
            let b = ReplaySubject<Int>(capacity: 1, initial: 1)
            let d1 = RACSignal.combineLatest(a.signal, b.signal) { $0 + $1 }.subscribeNext { _ in }
            let d2 = RACSignal.zip(a.signal, b.signal) { $0 + $1 }.subscribeNext { _ in }
            let d3 = a.signal.flattenMapLatest { _ in b.signal }.subscribeNext { _ in }
            a.sendNext(1)
            b.sendNext(2)
            d1?.dispose()
            d2?.dispose()
            d3?.dispose()
        }
        check("system, disposed") {
            let system = RACSignal<Int>.system(
                initialState: 0, reduce: +, feedbacks: [{ $0.filter { $0 < 10 }.map { _ in 1 } }])
            system.subscribeNext { _ in }?.dispose()
        }
        check("concat, retry, catch, takeUntil, using, completed") {
            RACSignal.concat([.return(1), .from([2, 3])]).subscribeNext { _ in }
            RACSignal<Int>.error(TestError(code: 1)).retry(3).catch { _ in .return(1) }.subscribeNext { _ in }
            RACSignal.from([1, 2]).takeUntil(RACSignal<Int>.never).subscribeNext { _ in }
            RACSignal<Int>.using(acquire: { 1 }, release: { _ in }) { .return($0) }.subscribeNext { _ in }
        }
    }
}
