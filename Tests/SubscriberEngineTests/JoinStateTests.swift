import XCTest
@testable import SubscriberEngine
import TestSupport

/// The four join states (pairwise and N-input, combineLatest and zip) and their one `finish`, held directly: each
/// sends one terminal event, the first, and then disposes every input's subscription itself. Through a whole chain
/// neither shows, because the subscriber at the end disposes the subscription when the terminal event reaches it
/// and drops what follows: a finish that left its inputs subscribed, or sent a second terminal event, passed every
/// other test (the mutation check's subscriber-join-finish-keeps-inputs, subscriber-join-finish-twice and
/// subscriber-join-first-terminal-twice, docs/mutation.md). Here the state's subscriber belongs to a subscription
/// of its own, which nothing disposes, so it shows every event the state sends.
final class JoinStateTests: TimeLimitedTestCase {
    /// What a state sent, and whether its inputs' subscription was disposed.
    final class Probe<Output>: @unchecked Sendable {
        var events: [String] = []
        var inputsDisposed = 0
        lazy var subscriber = PassthroughSubscriber<Output>(
            disposable: CompoundDisposable(),
            next: { [unowned self] in events.append("next \($0)") },
            error: { [unowned self] in events.append("error \($0)") },
            completed: { [unowned self] in events.append("completed") })

        /// An input's subscription, as `joinAll` adds it to the state's compound disposable.
        func input(of subscription: CompoundDisposable) {
            subscription.add(Disposable { [unowned self] in inputsDisposed += 1 })
        }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String { "failure" }
    }

    func testCombineLatestOfNInputs() {
        for ending in ["error", "completion"] {
            let probe = Probe<[Int]>()
            let state = CombineLatestState<Int>(count: 2, subscriber: probe.subscriber)
            probe.input(of: state.subscription)
            state.next(1, at: 0)
            state.next(2, at: 1)
            if ending == "error" {
                state.fail(Failure())
            } else {
                state.completed(at: 0)
                state.completed(at: 1)
            }
            XCTAssertEqual(probe.inputsDisposed, 1, "\(ending): the inputs are disposed when the join finishes")
            // Nothing after the first terminal event: a second completion, or an error.
            state.completed(at: 1)
            state.fail(Failure())
            state.next(3, at: 0)
            XCTAssertEqual(probe.events, ["next [1, 2]", ending == "error" ? "error failure" : "completed"], ending)
        }
    }

    func testZipOfNInputs() {
        for ending in ["error", "completion"] {
            let probe = Probe<[Int]>()
            let state = ZipState<Int>(count: 2, subscriber: probe.subscriber)
            probe.input(of: state.subscription)
            state.next(1, at: 0)
            state.next(2, at: 1)
            if ending == "error" { state.fail(Failure()) } else { state.completed(at: 0) }
            XCTAssertEqual(probe.inputsDisposed, 1, "\(ending): the inputs are disposed when the join finishes")
            state.completed(at: 1)
            state.completed(at: 0)
            state.fail(Failure())
            XCTAssertEqual(probe.events, ["next [1, 2]", ending == "error" ? "error failure" : "completed"], ending)
        }
    }

    func testCombineLatestOfTwo() {
        for ending in ["error", "completion"] {
            let probe = Probe<(Int, Int)>()
            let state = CombineLatestPairState<Int, Int>(subscriber: probe.subscriber)
            probe.input(of: state.subscription)
            state.nextFirst(1)
            state.nextSecond(2)
            if ending == "error" {
                state.fail(Failure())
            } else {
                state.completedFirst()
                state.completedSecond()
            }
            XCTAssertEqual(probe.inputsDisposed, 1, "\(ending): the inputs are disposed when the join finishes")
            state.completedSecond()
            state.completedFirst()
            state.fail(Failure())
            XCTAssertEqual(probe.events, ["next (1, 2)", ending == "error" ? "error failure" : "completed"], ending)
        }
    }

    func testZipOfTwo() {
        for ending in ["error", "completion"] {
            let probe = Probe<(Int, Int)>()
            let state = ZipPairState<Int, Int>(subscriber: probe.subscriber)
            probe.input(of: state.subscription)
            state.nextFirst(1)
            state.nextSecond(2)
            if ending == "error" { state.fail(Failure()) } else { state.completedFirst() }
            XCTAssertEqual(probe.inputsDisposed, 1, "\(ending): the inputs are disposed when the join finishes")
            state.completedSecond()
            state.completedFirst()
            state.fail(Failure())
            XCTAssertEqual(probe.events, ["next (1, 2)", ending == "error" ? "error failure" : "completed"], ending)
        }
    }
}
