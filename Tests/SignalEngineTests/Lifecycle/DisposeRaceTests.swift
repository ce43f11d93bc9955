import XCTest
@testable import SignalEngine
import TestSupport

/// Dispose racing delivery on two threads (ARCHITECTURE.md, "What every engine guarantees"), through the
/// engine's own API.
final class DisposeRaceTests: TimeLimitedTestCase {
    /// A `Pipe` into `map` and `filter`: one thread puts values, the other disposes mid-stream.
    func testDisposeRacingDeliveryThroughAChain() {
        assertDisposeRaces("signal", within: disposeRaceBudget, liveObjects: { LiveObjects.current }) { delivered in
            let pipe = Pipe<Int, NoError>()
            let subscription = (pipe.signal() |> map { $0 &+ 1 } |> filter { $0 > 0 }).start(next: { _ in
                delivered.increment()
            })
            return RaceRound(emit: { pipe.putNext($0) }, dispose: { subscription.dispose() })
        }
    }
}
