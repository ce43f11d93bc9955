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
        assertFinishesOnce(
            { CombineLatestState<Int>(count: 2, subscriber: $0) },
            sending: { $0.next(1, at: 0); $0.next(2, at: 1) }, delivers: "[1, 2]",
            completing: { $0.completed(at: 0); $0.completed(at: 1) },
            afterwards: { $0.completed(at: 1); $0.fail(Failure()); $0.next(3, at: 0) })
    }

    func testZipOfNInputs() {
        assertFinishesOnce(
            { ZipState<Int>(count: 2, subscriber: $0) },
            sending: { $0.next(1, at: 0); $0.next(2, at: 1) }, delivers: "[1, 2]",
            completing: { $0.completed(at: 0) },
            afterwards: { $0.completed(at: 1); $0.completed(at: 0); $0.fail(Failure()) })
    }

    func testCombineLatestOfTwo() {
        assertFinishesOnce(
            { CombineLatestPairState<Int, Int>(subscriber: $0) },
            sending: { $0.nextFirst(1); $0.nextSecond(2) }, delivers: "(1, 2)",
            completing: { $0.completedFirst(); $0.completedSecond() },
            afterwards: { $0.completedSecond(); $0.completedFirst(); $0.fail(Failure()) })
    }

    func testZipOfTwo() {
        assertFinishesOnce(
            { ZipPairState<Int, Int>(subscriber: $0) },
            sending: { $0.nextFirst(1); $0.nextSecond(2) }, delivers: "(1, 2)",
            completing: { $0.completedFirst() },
            afterwards: { $0.completedSecond(); $0.completedFirst(); $0.fail(Failure()) })
    }

    /// Both endings of the state `make` builds on a probe's subscriber, a fresh one each: `send` gives it the values
    /// that make `value`, then it fails, or `complete` completes it. It sends its first terminal event and disposes
    /// its inputs, once; what `afterwards` sends it then (a second terminal event, and more) reaches no one.
    private func assertFinishesOnce<State: FailingJoinState>(
        _ make: (PassthroughSubscriber<State.Output>) -> State, sending send: (State) -> Void, delivers value: String,
        completing complete: (State) -> Void, afterwards: (State) -> Void, file: StaticString = #filePath,
        line: UInt = #line
    ) {
        for ending in ["error", "completion"] {
            let probe = Probe<State.Output>()
            let state = make(probe.subscriber)
            probe.input(of: state.subscription)
            send(state)
            if ending == "error" { state.fail(Failure()) } else { complete(state) }
            XCTAssertEqual(
                probe.inputsDisposed, 1, "\(ending): the inputs are disposed when the join finishes", file: file, line: line)
            // Nothing after the first terminal event: a second completion, or an error.
            afterwards(state)
            XCTAssertEqual(
                probe.events, ["next \(value)", ending == "error" ? "error failure" : "completed"], ending, file: file,
                line: line)
        }
    }
}

/// The four join states as `assertFinishesOnce` drives them: each fails by `fail(_:)`.
protocol FailingJoinState: JoinSubscription {
    func fail(_ error: any Error)
}

extension CombineLatestState: FailingJoinState {}
extension ZipState: FailingJoinState {}
extension CombineLatestPairState: FailingJoinState {}
extension ZipPairState: FailingJoinState {}
