import XCTest
@testable import SubscriberEngine
import TestSupport

/// Dispose racing delivery on two threads (ARCHITECTURE.md, "What every engine guarantees"), through the
/// engine's own API, for the three engine ids built on it: `subscriber` (bind-derived map and filter;
/// asyncMap through a one-time signal), `subscriber-direct` (direct map and filter) and `subscriber-take1`
/// (asyncMap ended by take(1)).
final class DisposeRaceTests: TimeLimitedTestCase {
    func testDisposeRacingDeliveryThroughBindChain() {
        race("subscriber") { subject in
            subject.signal.map { $0 &+ 1 }.filter { $0 > 0 }.asyncMap { value, reply in reply(value) }
        }
    }

    func testDisposeRacingDeliveryThroughDirectChain() {
        race("subscriber-direct") { subject in
            subject.signal.mapDirect { $0 &+ 1 }.filterDirect { $0 > 0 }
        }
    }

    func testDisposeRacingDeliveryThroughTakeOneAsyncMap() {
        race("subscriber-take1") { subject in
            subject.signal.asyncMapUsingTake { value, reply in reply(value &+ 1) }
        }
    }

    /// Runs the races on `chain` of a fresh `Subject` per round, then checks the report and the
    /// live-object count.
    private func race(_ name: String, chain: @escaping (Subject<Int>) -> RACSignal<Int>) {
        assertDisposeRaces(name, within: disposeRaceBudget, liveObjects: { LiveObjects.current }) { delivered in
            let subject = Subject<Int>()
            let subscription = chain(subject).subscribeNext { _ in delivered.increment() }
            return RaceRound(emit: { subject.sendNext($0) }, dispose: { subscription?.dispose() })
        }
    }
}

