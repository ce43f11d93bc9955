import Dispatch
import Synchronization
import XCTest
@testable import SubscriberEngine
import TestSupport

/// The closure subscriber's recursive delivery lock, and dispose racing delivery.
final class ConcurrencyTests: TimeLimitedTestCase {
    func testReentrantDeliveryDoesNotDeadlock() {
        // Delivery re-enters the same subscriber on the same thread (a subject feeding itself).
        let subject = Subject<Int>()
        var received: [Int] = []
        let disposable = subject.signal.subscribeNext { value in
            received.append(value)
            if value < 3 { subject.sendNext(value + 1) }
        }
        subject.sendNext(0)
        XCTAssertEqual(received, [0, 1, 2, 3])
        disposable?.dispose()
    }

    func testConcurrentSendersAreSerialised() {
        let subject = Subject<Int>()
        // Not atomic on purpose: the subscriber's lock must serialise the blocks.
        var count = 0
        var inside = false
        var overlapped = false
        subject.signal.map { $0 }.subscribeNext { _ in
            if inside { overlapped = true }
            inside = true
            count += 1
            inside = false
        }
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for value in 0..<10_000 { subject.sendNext(value) }
        }
        XCTAssertEqual(count, 40_000)
        XCTAssertFalse(overlapped)
    }

    func testTakeDirectUnderConcurrentSenders() {
        let subject = Subject<Int>()
        let count = Atomic<Int>(0)
        let completions = Atomic<Int>(0)
        subject.signal.takeDirect(1000).subscribeNext(
            { _ in count.wrappingAdd(1, ordering: .relaxed) },
            completed: { completions.wrappingAdd(1, ordering: .relaxed) })
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for value in 0..<1000 { subject.sendNext(value) }
        }
        XCTAssertEqual(count.load(ordering: .relaxed), 1000)
        XCTAssertEqual(completions.load(ordering: .relaxed), 1)
    }

    func testDisposeFromAnotherThreadDuringDelivery() {
        for useDirect in [false, true] {
            let subject = Subject<Int>()
            let delivered = Atomic<Int>(0)
            let chain = useDirect ? subject.signal.mapDirect { $0 + 1 } : subject.signal.map { $0 + 1 }
            let disposable = chain.subscribeNext { _ in delivered.wrappingAdd(1, ordering: .relaxed) }
            let sender = DispatchQueue(label: "sender")
            let group = DispatchGroup()
            sender.async(group: group) {
                for value in 0..<50_000 { subject.sendNext(value) }
            }
            while delivered.load(ordering: .relaxed) < 100 {}
            disposable?.dispose()
            let afterDispose = delivered.load(ordering: .relaxed)
            group.wait()
            // At most the event in flight when dispose returned slips through.
            XCTAssertLessThanOrEqual(delivered.load(ordering: .relaxed), afterDispose + 1)
            disposable?.dispose()
        }
    }

    func testDeliverOnSerialQueueKeepsOrder() {
        let queue = DispatchQueue(label: "deliver")
        let recorder = Recorder<Int>()
        let done = expectation(description: "completed")
        counting(1000).deliverOn(.queue(queue)).subscribeOn(.queue(DispatchQueue(label: "subscribe")))
            .subscribeNext({ value in recorder.subscribe(.return(value)) }, completed: { done.fulfill() })
        wait(for: [done], timeout: 5)
        XCTAssertEqual(recorder.values, Array(0..<1000))
    }
}
