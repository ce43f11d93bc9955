import XCTest
#if SIGNAL_LOCKED_DEPENDENCY_TESTS
@testable import SignalEngineLockedDependency
#elseif SIGNAL_LOCKED_TESTS
@testable import SignalEngineLocked
#else
@testable import SignalEngine
#endif

/// Every public disposable of the engine disposed twice, and from two threads at once: each dispose action
/// runs exactly once, a container disposes what is added after it was disposed at once (and once), and a
/// disposed subscription receives nothing more. Also run on `signal-locked` and `signal-locked-dependency`
/// (their test targets link this file).
final class DisposeTwiceTests: TimeLimitedTestCase {
    static let iterations = 1_000

    func testEveryDisposableDisposedTwiceRunsItsActionOnce() {
        let failures = disposedTwice(Self.cases)
        XCTAssertEqual(failures, [])
    }

    func testEveryDisposableDisposedFromTwoThreadsAtOnceRunsItsActionOnce() {
        #if DEBUG
        let liveAtStart = LiveObjects.count
        #endif
        let (failures, met) = disposedOnTwoThreads(Self.cases, iterations: Self.iterations)
        print("\(Self.cases.count) disposables, \(Self.iterations) each: both threads released together in \(met)")
        XCTAssertEqual(failures, [])
        #if DEBUG
        XCTAssertEqual(LiveObjects.count, liveAtStart, "live objects return to their start")
        #endif
    }

    /// What a dispose action that must run once found.
    private static func once(_ count: ActionCount, _ what: String = "the dispose action") -> String? {
        count.value == 1 ? nil : "\(what) ran \(count.value) times"
    }

    static let cases: [DisposeCase] = [
        DisposeCase(name: "ActionDisposable") {
            let ran = ActionCount()
            let disposable = ActionDisposable(action: { ran.increment() })
            return ({ disposable.dispose() }, { once(ran) })
        },
        DisposeCase(name: "MetaDisposable") {
            let current = ActionCount(), replaced = ActionCount(), late = ActionCount()
            let meta = MetaDisposable()
            meta.set(ActionDisposable(action: { replaced.increment() }))
            meta.set(ActionDisposable(action: { current.increment() }))
            return ({ meta.dispose() }, {
                meta.set(ActionDisposable(action: { late.increment() }))
                return once(replaced, "the replaced one's action") ?? once(current, "the current one's action")
                    ?? once(late, "one set after dispose")
            })
        },
        DisposeCase(name: "DisposableSet") {
            let first = ActionCount(), second = ActionCount(), late = ActionCount()
            let set = DisposableSet()
            set.add(ActionDisposable(action: { first.increment() }))
            set.add(ActionDisposable(action: { second.increment() }))
            return ({ set.dispose() }, {
                set.add(ActionDisposable(action: { late.increment() }))
                return once(first, "the first member's action") ?? once(second, "the second member's action")
                    ?? once(late, "a member added after dispose")
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
                return once(ran, "the signal's dispose action")
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
