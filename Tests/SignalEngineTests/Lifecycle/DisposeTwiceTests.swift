import XCTest
@testable import SignalEngine
import TestSupport

/// Every public disposable of the engine disposed twice, and from two threads at once: each dispose action
/// runs exactly once, a container disposes what is added after it was disposed at once (and once), and a
/// disposed subscription receives nothing more. Also run on `signal-locked` and `signal-locked-dependency`
/// (their test targets link this file).
final class DisposeTwiceTests: TimeLimitedTestCase {
    func testEveryDisposableRunsItsActionOnceDisposedTwiceAndFromTwoThreads() {
        assertEachCaseRunsItsActionOnce(Self.cases, iterations: 1_000, liveObjects: { LiveObjects.current })
    }

    static let cases: [DisposeCase] = [
        .singleAction("ActionDisposable") { ActionDisposable(action: $0).dispose },
        .holder(
            "MetaDisposable", labels: ("the replaced one's action", "the current one's action", "one set after dispose")
        ) {
            let meta = MetaDisposable()
            return ({ meta.set(ActionDisposable(action: $0)) }, meta.dispose)
        },
        .holder(
            "DisposableSet",
            labels: ("the first member's action", "the second member's action", "a member added after dispose")
        ) {
            let set = DisposableSet()
            return ({ set.add(ActionDisposable(action: $0)) }, set.dispose)
        },
        DisposeCase(name: "a subscription to a signal -> map (its Subscriber)") {
            let ran = ActionCount(), delivered = ActionCount()
            let upstream = SubscriberSlot()
            let signal = Signal<Int, NoError> { subscriber in
                upstream.value = subscriber
                return ActionDisposable(action: { ran.increment() })
            }
            let subscription = (signal |> map { $0 + 1 }).start(next: { _ in delivered.increment() })
            upstream.value?.putNext(1)
            return ({ subscription.dispose() }, {
                upstream.value?.putNext(2)
                return ranOnce(ran, "the signal's dispose action")
                    ?? (delivered.value == 1 ? nil : "\(delivered.value) values delivered, 1 sent before dispose")
            })
        },
        .subjectSubscription("a subscription to a Pipe", replays: 0) { onNext in
            let pipe = Pipe<Int, NoError>()
            return (pipe.putNext, subscribe(pipe.signal(), onNext))
        },
        .subjectSubscription("a subscription to a Promise", replays: 1) { onNext in
            let promise = Promise<Int, NoError>(0)
            return (promise.putNext, subscribe(promise.get(), onNext))
        },
    ]

    /// Subscribes `onNext` to `signal`; how to dispose the subscription.
    private static func subscribe(_ signal: Signal<Int, NoError>, _ onNext: @escaping () -> Void) -> () -> Void {
        let subscription = signal.start(next: { _ in onNext() })
        return { subscription.dispose() }
    }
}

/// The subscriber a signal's generator was given, kept to send after dispose.
private final class SubscriberSlot: @unchecked Sendable {
    var value: Subscriber<Int, NoError>?
}
