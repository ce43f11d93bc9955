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
        DisposeCase(name: "ActionDisposable") {
            let ran = ActionCount()
            let disposable = ActionDisposable(action: { ran.increment() })
            return ({ disposable.dispose() }, { ranOnce(ran) })
        },
        DisposeCase(name: "MetaDisposable") {
            let current = ActionCount(), replaced = ActionCount(), late = ActionCount()
            let meta = MetaDisposable()
            meta.set(ActionDisposable(action: { replaced.increment() }))
            meta.set(ActionDisposable(action: { current.increment() }))
            return ({ meta.dispose() }, {
                meta.set(ActionDisposable(action: { late.increment() }))
                return ranOnce(replaced, "the replaced one's action") ?? ranOnce(current, "the current one's action")
                    ?? ranOnce(late, "one set after dispose")
            })
        },
        DisposeCase(name: "DisposableSet") {
            let first = ActionCount(), second = ActionCount(), late = ActionCount()
            let set = DisposableSet()
            set.add(ActionDisposable(action: { first.increment() }))
            set.add(ActionDisposable(action: { second.increment() }))
            return ({ set.dispose() }, {
                set.add(ActionDisposable(action: { late.increment() }))
                return ranOnce(first, "the first member's action") ?? ranOnce(second, "the second member's action")
                    ?? ranOnce(late, "a member added after dispose")
            })
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
        DisposeCase(name: "a subscription to a Pipe") {
            let pipe = Pipe<Int, NoError>()
            return subjectCase(pipe.signal(), send: pipe.putNext, replays: 0)
        },
        DisposeCase(name: "a subscription to a Promise") {
            let promise = Promise<Int, NoError>(0)
            return subjectCase(promise.get(), send: promise.putNext, replays: 1)
        },
    ]

    /// A subscription to a subject's `signal`: one value before dispose, one after (which must not arrive).
    private static func subjectCase(
        _ signal: Signal<Int, NoError>, send: @escaping (Int) -> Void, replays: Int
    ) -> (() -> Void, () -> String?) {
        let delivered = ActionCount()
        let subscription = signal.start(next: { _ in delivered.increment() })
        send(1)
        return ({ subscription.dispose() }, {
            send(2)
            let expected = replays + 1
            return delivered.value == expected ? nil : "\(delivered.value) values delivered, \(expected) before dispose"
        })
    }
}

/// The subscriber a signal's generator was given, kept to send after dispose.
private final class SubscriberSlot: @unchecked Sendable {
    var value: Subscriber<Int, NoError>?
}
