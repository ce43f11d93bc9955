import XCTest
@testable import SinkEngine
import TestSupport

/// The live-object leak checks of this target (DisposeRaceTests' balance) read the engine's
/// counter, which exists only in debug builds (it never enters measured builds). Under `-c release` they
/// are compiled out and the tests around them still pass: this test makes that visible as a skip with its
/// reason, instead of nothing.
final class LeakCheckTests: TimeLimitedTestCase {
    func testLiveObjectCounterIsCompiledIn() throws {
        try assertLiveObjectCounterMoves({ LiveObjects.current }) {
            let subject = PublishSubject<Int>()
            let subscription = subject.map { $0 &+ 1 }.subscribe(onNext: { _ in })
            return { subscription.dispose() }
        }
    }
}
