import XCTest
@testable import SinkEngine
import TestSupport

/// Dispose racing delivery on two threads (ARCHITECTURE.md, "What every engine guarantees"), through the
/// engine's own API.
final class DisposeRaceTests: TimeLimitedTestCase {
    /// A publish subject into `map` and `filter`: one thread emits, the other disposes mid-stream.
    func testDisposeRacingDeliveryThroughAChain() {
        assertDisposeRaces("sink", within: disposeRaceBudget, liveObjects: { LiveObjects.current }) { delivered in
            let subject = PublishSubject<Int>()
            let subscription = subject.map { $0 &+ 1 }.filter { $0 > 0 }.subscribe(onNext: { _ in
                delivered.increment()
            })
            return RaceRound(emit: { subject.onNext($0) }, dispose: { subscription.dispose() })
        }
    }
}
