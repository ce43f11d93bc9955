import Dispatch
import XCTest
@testable import SinkEngine
import TestSupport

final class SinkDisposerTests: TimeLimitedTestCase {
    func testDisposeBeforeSetDisposesThePairOnArrival() {
        let disposer = SinkDisposer()
        var disposed: [String] = []
        disposer.dispose()
        XCTAssertTrue(disposer.isDisposed)
        disposer.setSinkAndSubscription(
            sink: Disposables.create(with: { disposed.append("sink") }),
            subscription: Disposables.create(with: { disposed.append("subscription") }))
        XCTAssertEqual(disposed, ["sink", "subscription"])
    }

    func testDisposeAfterSetDisposesOnce() {
        let disposer = SinkDisposer()
        var count = 0
        disposer.setSinkAndSubscription(
            sink: Disposables.create(with: { count += 1 }), subscription: Disposables.create())
        disposer.dispose()
        disposer.dispose()
        XCTAssertEqual(count, 1)
    }

    /// `dispose()` and `setSinkAndSubscription` race from two threads: the pair is disposed exactly once.
    func testDisposeRacingSetDisposesExactlyOnce() {
        let start = LiveObjects.count
        for _ in 0..<2_000 {
            let disposer = SinkDisposer()
            let counter = Counter()
            let group = DispatchGroup()
            DispatchQueue.global().async(group: group) { disposer.dispose() }
            DispatchQueue.global().async(group: group) {
                disposer.setSinkAndSubscription(
                    sink: Disposables.create(with: { counter.increment() }),
                    subscription: Disposables.create(with: { counter.increment() }))
            }
            group.wait()
            XCTAssertEqual(counter.value, 2)
        }
        XCTAssertEqual(LiveObjects.count, start)
    }

    /// A live chain disposed from another thread while its source pumps: delivery stops, nothing leaks.
    func testDisposeRacingDeliveryStopsDeliveryAndReleasesEverything() {
        let start = LiveObjects.count
        for _ in 0..<200 {
            let subject = PublishSubject<Int>()
            let recorder = Recorder<Int>()
            let subscription = subject.map { $0 + 1 }.filter { _ in true }.subscribe(recorder.observer)
            let group = DispatchGroup()
            DispatchQueue.global().async(group: group) {
                for value in 0..<200 { subject.onNext(value) }
            }
            DispatchQueue.global().async(group: group) { subscription.dispose() }
            group.wait()
            let delivered = recorder.values.count
            subject.onNext(1_000)
            XCTAssertEqual(recorder.values.count, delivered, "nothing after dispose")
        }
        XCTAssertEqual(LiveObjects.count, start)
    }
}

final class Counter: @unchecked Sendable {
    private let lock = NSLockish()
    private var count = 0
    func increment() { lock.withLock { count += 1 } }
    func decrement() { lock.withLock { count -= 1 } }
    var value: Int { lock.withLock { count } }
}

/// A tiny lock for test helpers.
final class NSLockish: @unchecked Sendable {
    // Guards whatever the caller touches inside `withLock`.
    private let spinLock = SpinLock()
    func withLock<T>(_ body: () -> T) -> T { spinLock.withLock(body) }
}
