import XCTest
@testable import SinkEngine
import TestSupport

/// Every public disposable of the engine disposed twice, and from two threads at once: each dispose action
/// runs exactly once, a container disposes what is added after it was disposed at once (and once), and a
/// disposed subscription receives nothing more. Also run on `sink-locked` and `sink-locked-dependency`
/// (their test targets link this file).
final class DisposeTwiceTests: TimeLimitedTestCase {
    func testEveryDisposableRunsItsActionOnceDisposedTwiceAndFromTwoThreads() {
        assertEachCaseRunsItsActionOnce(Self.cases, iterations: 1_000, liveObjects: { LiveObjects.current })
    }

    static let cases: [DisposeCase] = [
        .singleAction("Disposables.create(with:)") { Disposables.create(with: $0).dispose },
        DisposeCase(name: "Disposables.create(_:_:)") {
            let first = ActionCount(), second = ActionCount()
            let disposable = Disposables.create(
                Disposables.create(with: { first.increment() }), Disposables.create(with: { second.increment() }))
            return ({ disposable.dispose() }, { ranOnce(first, "the first's action") ?? ranOnce(second, "the second's action") })
        },
        DisposeCase(name: "CompositeDisposable") {
            let first = ActionCount(), inserted = ActionCount(), late = ActionCount()
            let composite = CompositeDisposable(Disposables.create(with: { first.increment() }))
            _ = composite.insert(Disposables.create(with: { inserted.increment() }))
            return ({ composite.dispose() }, {
                // Inserted after dispose: disposed at once, and not kept.
                let key = composite.insert(Disposables.create(with: { late.increment() }))
                return ranOnce(first, "the first child's action") ?? ranOnce(inserted, "the inserted child's action")
                    ?? ranOnce(late, "a child inserted after dispose") ?? (key == nil ? nil : "a key for a late child")
            })
        },
        .holder(
            "SerialDisposable", labels: ("the replaced one's action", "the current one's action", "one set after dispose")
        ) {
            let serial = SerialDisposable()
            return ({ serial.disposable = Disposables.create(with: $0) }, serial.dispose)
        },
        DisposeCase(name: "SingleAssignmentDisposable") {
            let ran = ActionCount()
            let single = SingleAssignmentDisposable()
            single.setDisposable(Disposables.create(with: { ran.increment() }))
            return ({ single.dispose() }, { ranOnce(ran) })
        },
        DisposeCase(name: "SingleAssignmentDisposable, assigned after dispose") {
            let ran = ActionCount()
            let single = SingleAssignmentDisposable()
            return ({ single.dispose() }, {
                single.setDisposable(Disposables.create(with: { ran.increment() }))
                return ranOnce(ran, "the one assigned after dispose")
            })
        },
        DisposeCase(name: "SinkDisposer") {
            let sink = ActionCount(), subscription = ActionCount()
            let disposer = SinkDisposer()
            disposer.setSinkAndSubscription(
                sink: Disposables.create(with: { sink.increment() }),
                subscription: Disposables.create(with: { subscription.increment() }))
            return ({ disposer.dispose() }, { ranOnce(sink, "the sink's") ?? ranOnce(subscription, "the subscription's") })
        },
        DisposeCase(name: "a subscription to create -> map") {
            let ran = ActionCount(), delivered = ActionCount()
            let observer = ObserverSlot()
            let subscription = Observable<Int>.create { downstream in
                observer.value = downstream
                return Disposables.create(with: { ran.increment() })
            }.map { $0 + 1 }.subscribe(onNext: { _ in delivered.increment() })
            observer.value?.onNext(1)
            return ({ subscription.dispose() }, {
                observer.value?.onNext(2)
                return ranOnce(ran, "create's dispose action")
                    ?? (delivered.value == 1 ? nil : "\(delivered.value) values delivered, 1 sent before dispose")
            })
        },
        .subjectSubscription("a subscription to a PublishSubject", replays: 0) { subscribe(PublishSubject<Int>(), $0) },
        .subjectSubscription("a subscription to a BehaviorSubject", replays: 1) {
            subscribe(BehaviorSubject<Int>(value: 0), $0)
        },
        .subjectSubscription("a subscription to a ReplaySubject", replays: 0) {
            subscribe(ReplaySubject<Int>.create(bufferSize: 1), $0)
        },
    ]

    /// Subscribes `onNext` to `subject`; how to send into it and how to dispose the subscription.
    private static func subscribe(
        _ subject: SubjectBase<Int>, _ onNext: @escaping () -> Void
    ) -> (send: (Int) -> Void, dispose: () -> Void) {
        let subscription = subject.subscribe(onNext: { _ in onNext() })
        return (subject.onNext, subscription.dispose)
    }
}

/// The observer of a `create`, kept to send after dispose.
private final class ObserverSlot: @unchecked Sendable {
    var value: AnyObserver<Int>?
}
