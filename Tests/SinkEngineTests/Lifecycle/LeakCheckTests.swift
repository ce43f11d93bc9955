import XCTest
@testable import SinkEngine
import TestSupport

/// The live-object leak checks of this target (DisposeRaceTests' balance) read the engine's
/// counter, which exists only in debug builds (it never enters measured builds). Under `-c release` they
/// are compiled out and the tests around them still pass: this test makes that visible as a skip with its
/// reason, instead of nothing.
final class LeakCheckTests: TimeLimitedTestCase {
    func testLiveObjectCounterIsCompiledIn() throws {
        #if DEBUG
        // The counter these checks read moves: a live subscription counts, and its dispose gives it back.
        let before = LiveObjects.count
        do {
            let subject = PublishSubject<Int>()
            let subscription = subject.map { $0 &+ 1 }.subscribe(onNext: { _ in })
            XCTAssertGreaterThan(LiveObjects.count, before, "a live subscription is counted")
            subscription.dispose()
        }
        XCTAssertEqual(settledLiveObjects(expecting: before), before, "its dispose releases what it counted")
        #else
        throw XCTSkip("live-object leak checks are compiled only in debug builds; this run checked no leaks. Run `swift test` without -c release")
        #endif
    }
}
