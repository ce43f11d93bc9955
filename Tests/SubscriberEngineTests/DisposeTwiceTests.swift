import XCTest
#if SUBSCRIBER_DEPENDENCY_TESTS
@testable import SubscriberEngineDependency
#else
@testable import SubscriberEngine
#endif

/// Every public disposable of the engine disposed twice, and from two threads at once: each dispose action
/// runs exactly once, a container disposes what is added after it was disposed at once (and once), and a
/// disposed subscription receives nothing more. Also run on `subscriber-dependency` (its test target links
/// this file).
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
        DisposeCase(name: "Disposable(action)") {
            let ran = ActionCount()
            let disposable = Disposable { ran.increment() }
            return ({ disposable.dispose() }, { once(ran) })
        },
        DisposeCase(name: "CompoundDisposable") {
            let first = ActionCount(), second = ActionCount(), third = ActionCount(), late = ActionCount()
            let compound = CompoundDisposable([Disposable { first.increment() }, Disposable { second.increment() }])
            compound.add(Disposable { third.increment() })
            return ({ compound.dispose() }, {
                compound.add(Disposable { late.increment() })
                return once(first, "the first child's action") ?? once(second, "the second child's action")
                    ?? once(third, "the added child's action") ?? once(late, "a child added after dispose")
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
                return once(replaced, "the replaced one's action") ?? once(current, "the current one's action")
                    ?? once(late, "one set after dispose")
            })
        },
        DisposeCase(name: "ScopedDisposable") {
            let ran = ActionCount()
            var scoped: ScopedDisposable? = Disposable { ran.increment() }.asScopedDisposable()
            let disposable = scoped!
            return ({ disposable.dispose() }, {
                // Released after dispose: its deinit must not run the action again.
                scoped = nil
                return once(ran)
            })
        },
        DisposeCase(name: "a subscription to createSignal -> map") {
            let ran = ActionCount(), delivered = ActionCount()
            let upstream = SubscriberSlot()
            let subscription = Signal<Int>.createSignal { subscriber in
                upstream.value = subscriber
                return Disposable { ran.increment() }
            }.map { $0 + 1 }.subscribeNext { _ in delivered.increment() }
            upstream.value?.sendNext(1)
            return ({ subscription?.dispose() }, {
                upstream.value?.sendNext(2)
                return once(ran, "the signal's dispose action")
                    ?? (delivered.value == 1 ? nil : "\(delivered.value) values delivered, 1 sent before dispose")
            })
        },
        DisposeCase(name: "a subscription to a Subject") {
            let subject = Subject<Int>()
            return subjectCase(subject.signal, send: subject.sendNext, replays: 0)
        },
        DisposeCase(name: "a subscription to a BehaviorSubject") {
            let subject = BehaviorSubject<Int>(defaultValue: 0)
            return subjectCase(subject.signal, send: subject.sendNext, replays: 1)
        },
        DisposeCase(name: "a subscription to a ReplaySubject") {
            let subject = ReplaySubject<Int>(capacity: 1)
            return subjectCase(subject.signal, send: subject.sendNext, replays: 0)
        },
    ]

    /// A subscription to a subject's `signal`: one value before dispose, one after (which must not arrive).
    private static func subjectCase(
        _ signal: Signal<Int>, send: @escaping (Int) -> Void, replays: Int
    ) -> (() -> Void, () -> String?) {
        let delivered = ActionCount()
        let subscription = signal.subscribeNext { _ in delivered.increment() }
        send(1)
        return ({ subscription?.dispose() }, {
            send(2)
            let expected = replays + 1
            return delivered.value == expected ? nil : "\(delivered.value) values delivered, \(expected) before dispose"
        })
    }
}

/// The subscriber a signal's `didSubscribe` was given, kept to send after dispose.
private final class SubscriberSlot: @unchecked Sendable {
    var value: PassthroughSubscriber<Int>?
}
