import XCTest
@testable import SignalEngine
import TestSupport

/// The live-object leak checks of this target (DisposeRaceTests' balance, every OperatorTests and SignalEngineTests case's tearDown) read the engine's
/// counter, which exists only in debug builds (it never enters measured builds). Under `-c release` they
/// are compiled out and the tests around them still pass: this test makes that visible as a skip with its
/// reason, instead of nothing.
final class LeakCheckTests: TimeLimitedTestCase {
    func testLiveObjectCounterIsCompiledIn() throws {
        try assertLiveObjectCounterMoves({ LiveObjects.current }) {
            let pipe = Pipe<Int, NoError>()
            let subscription = (pipe.signal() |> map { $0 &+ 1 }).start(next: { _ in })
            return { subscription.dispose() }
        }
    }
}
