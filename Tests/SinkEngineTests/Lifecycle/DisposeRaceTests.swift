import XCTest
@testable import SinkEngine
import TestSupport

/// Dispose racing delivery on two threads (ARCHITECTURE.md, "What every engine guarantees"), through the
/// engine's own API.
final class DisposeRaceTests: TimeLimitedTestCase {
    /// A publish subject into `map` and `filter`: one thread emits, the other disposes mid-stream.
    func testDisposeRacingDeliveryThroughAChain() {
        #if DEBUG
        let liveAtStart = LiveObjects.count
        #endif
        let report = runDisposeRaces(
            targetRaced: DisposeRaceBudget.rounds, minimumRaced: DisposeRaceBudget.minimumRaced,
            budget: DisposeRaceBudget.seconds
        ) { delivered in
            let subject = PublishSubject<Int>()
            let subscription = subject.map { $0 &+ 1 }.filter { $0 > 0 }.subscribe(onNext: { _ in
                delivered.increment()
            })
            return RaceRound(emit: { subject.onNext($0) }, dispose: { subscription.dispose() })
        }
        print("sink dispose race: \(report)")
        XCTAssertGreaterThanOrEqual(report.raced, DisposeRaceBudget.minimumRaced, "\(report)")
        XCTAssertEqual(report.deliveredAfterDispose, 0, "\(report)")
        #if DEBUG
        XCTAssertEqual(settledLiveObjects(expecting: liveAtStart), liveAtStart, "live objects return to their start")
        #endif
    }
}
