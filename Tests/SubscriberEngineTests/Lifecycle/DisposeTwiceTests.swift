import XCTest
@testable import SubscriberEngine
import TestSupport

/// Every public disposable of the engine disposed twice, and from two threads at once: each dispose action
/// runs exactly once, a container disposes what is added after it was disposed at once (and once), and a
/// disposed subscription receives nothing more. Also run on `subscriber-dependency` (its test target links
/// this file).
final class DisposeTwiceTests: TimeLimitedTestCase {
    func testEveryDisposableRunsItsActionOnceDisposedTwiceAndFromTwoThreads() {
        assertEachCaseRunsItsActionOnce(Self.cases, iterations: 1_000, liveObjects: { LiveObjects.current })
    }

    static let cases: [DisposeCase] = [
        .singleAction("Disposable(action)") { Disposable($0).dispose },
        DisposeCase(name: "CompoundDisposable") {
            let first = ActionCount(), second = ActionCount(), third = ActionCount(), late = ActionCount()
            let compound = CompoundDisposable([Disposable { first.increment() }, Disposable { second.increment() }])
            compound.add(Disposable { third.increment() })
            return ({ compound.dispose() }, {
                compound.add(Disposable { late.increment() })
                return ranOnce(first, "the first child's action") ?? ranOnce(second, "the second child's action")
                    ?? ranOnce(third, "the added child's action") ?? ranOnce(late, "a child added after dispose")
            })
        },
        DisposeCase(name: "SerialDisposable") {
            let current = ActionCount(), replaced = ActionCount(), late = ActionCount()
            let serial = SerialDisposable()
            // Replacing does not dispose the previous one in RAC: `swapIn` hands it back.
            serial.swapIn(Disposable { replaced.increment() })?.dispose()
            serial.swapIn(Disposable { current.increment() })?.dispose()
            return ({ serial.dispose() }, {
                serial.disposable = Disposable { late.increment() }
                return ranOnce(replaced, "the replaced one's action") ?? ranOnce(current, "the current one's action")
                    ?? ranOnce(late, "one set after dispose")
            })
        },
        DisposeCase(name: "ScopedDisposable") {
            let ran = ActionCount()
            var scoped: ScopedDisposable? = Disposable { ran.increment() }.asScopedDisposable()
            let disposable = scoped!
            return ({ disposable.dispose() }, {
                // Released after dispose: its deinit must not run the action again.
                scoped = nil
                return ranOnce(ran)
            })
        },
        DisposeCase(name: "a subscription to createSignal -> map") {
            let ran = ActionCount(), delivered = ActionCount()
            let upstream = SubscriberSlot()
            let subscription = RACSignal<Int>.createSignal { subscriber in
                upstream.value = subscriber
                return Disposable { ran.increment() }
            }.map { $0 + 1 }.subscribeNext { _ in delivered.increment() }
            upstream.value?.sendNext(1)
            return ({ subscription?.dispose() }, {
                upstream.value?.sendNext(2)
                return ranOnce(ran, "the signal's dispose action")
                    ?? (delivered.value == 1 ? nil : "\(delivered.value) values delivered, 1 sent before dispose")
            })
        },
        .subjectSubscription("a subscription to a Subject", replays: 0) { onNext in
            let subject = Subject<Int>()
            return (subject.sendNext, subscribe(subject.signal, onNext))
        },
        .subjectSubscription("a subscription to a BehaviorSubject", replays: 1) { onNext in
            let subject = BehaviorSubject<Int>(defaultValue: 0)
            return (subject.sendNext, subscribe(subject.signal, onNext))
        },
        .subjectSubscription("a subscription to a ReplaySubject", replays: 0) { onNext in
            let subject = ReplaySubject<Int>(capacity: 1)
            return (subject.sendNext, subscribe(subject.signal, onNext))
        },
    ]

    /// Subscribes `onNext` to `signal`; how to dispose the subscription.
    private static func subscribe(_ signal: RACSignal<Int>, _ onNext: @escaping () -> Void) -> () -> Void {
        let subscription = signal.subscribeNext { _ in onNext() }
        return { subscription?.dispose() }
    }
}

/// The subscriber a signal's `didSubscribe` was given, kept to send after dispose.
private final class SubscriberSlot: @unchecked Sendable {
    var value: PassthroughSubscriber<Int>?
}
