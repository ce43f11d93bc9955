import XCTest
@testable import SubscriberEngine
import TestSupport

/// RACPassthroughSubscriber drops every event once its subscription is disposed, the terminal ones included, so a
/// producer may keep sending after dispose. A passthrough that forwarded an error after dispose passed every other
/// test (the mutation check's subscriber-passthrough-error-after-dispose, docs/mutation.md).
final class PassthroughSubscriberTests: TimeLimitedTestCase {
    func testADisposedPassthroughForwardsNothing() {
        var forwarded: [String] = []
        let subscription = CompoundDisposable()
        let subscriber = PassthroughSubscriber<Int>(
            disposable: subscription, next: { forwarded.append("next \($0)") }, error: { forwarded.append("error \($0)") },
            completed: { forwarded.append("completed") })
        subscriber.sendNext(1)
        subscription.dispose()
        subscriber.sendNext(2)
        subscriber.sendError(TestError(code: 3))
        subscriber.sendCompleted()
        XCTAssertEqual(forwarded, ["next 1"])
        XCTAssertTrue(subscriber.isDisposed)
    }

    /// A producer that sends after its subscription was disposed: the subscriber sees nothing of it.
    func testAProducerSendingAfterDisposeIsNotHeard() {
        for terminal in ["error", "completed"] {
            var captured: PassthroughSubscriber<Int>?
            let source = RACSignal<Int>.createSignal { subscriber in
                captured = subscriber
                subscriber.sendNext(1)
                return nil
            }
            let recorder = Recorder<Int>()
            recorder.subscribe(source.map { $0 * 10 })?.dispose()
            captured?.sendNext(2)
            if terminal == "error" { captured?.sendError(TestError(code: 3)) } else { captured?.sendCompleted() }
            XCTAssertEqual(recorder.events, [.next(10)], terminal)
            captured = nil
        }
    }
}
