import Dispatch
import Foundation
import Glibc
import Synchronization
import XCTest

// Disposing one disposable twice, and from two threads at once, written against no engine: each engine's
// test target (and each variant's) links this file and lists its public disposables as `DisposeCase`s.

/// How often dispose actions ran, or values were delivered; incremented on any thread and read on any
/// (a dispose race reads it while the emitting thread still delivers).
package final class ActionCount: Sendable {
    private let count = Atomic<Int>(0)
    package init() {}
    package func increment() { count.add(1, ordering: .sequentiallyConsistent) }
    package var value: Int { count.load(ordering: .sequentiallyConsistent) }
}

/// One public disposable of an engine. `make` builds a fresh one and returns how to dispose it and a check
/// to run after every dispose call has returned: it sends into the source (if any), then returns what went
/// wrong (a dispose action that ran other than once, a value delivered after dispose), or nil.
package struct DisposeCase {
    let name: String
    let make: () -> (dispose: () -> Void, check: () -> String?)

    package init(name: String, make: @escaping () -> (dispose: () -> Void, check: () -> String?)) {
        self.name = name
        self.make = make
    }
}

extension DisposeCase {
    /// A disposable made from one action (`make` gets the action and returns how to dispose the disposable):
    /// the action must run once.
    package static func singleAction(_ name: String, _ make: @escaping (@escaping () -> Void) -> () -> Void) -> DisposeCase {
        DisposeCase(name: name) {
            let ran = ActionCount()
            let dispose = make { ran.increment() }
            return (dispose, { ranOnce(ran) })
        }
    }

    /// A disposable that holds others (`make` returns how to put one in, made from an action, and how to
    /// dispose the holder): two are put in before dispose and one after, each of whose actions must run once,
    /// the late one's at once. `labels` name the three in order.
    package static func holder(
        _ name: String, labels: (String, String, String),
        _ make: @escaping () -> (put: (@escaping () -> Void) -> Void, dispose: () -> Void)
    ) -> DisposeCase {
        DisposeCase(name: name) {
            let first = ActionCount(), second = ActionCount(), late = ActionCount()
            let (put, dispose) = make()
            put { first.increment() }
            put { second.increment() }
            return (dispose, {
                put { late.increment() }
                return ranOnce(first, labels.0) ?? ranOnce(second, labels.1) ?? ranOnce(late, labels.2)
            })
        }
    }

    /// A subscription to a subject (`make` subscribes with the observer's value handler and returns how to
    /// send into the subject and how to dispose the subscription): one value is sent before dispose and one
    /// after, which must not arrive; the subject replays `replays` values at subscription.
    package static func subjectSubscription(
        _ name: String, replays: Int, _ make: @escaping (_ onNext: @escaping () -> Void) -> (send: (Int) -> Void, dispose: () -> Void)
    ) -> DisposeCase {
        DisposeCase(name: name) {
            let delivered = ActionCount()
            let (send, dispose) = make { delivered.increment() }
            send(1)
            return (dispose, {
                send(2)
                let expected = replays + 1
                return delivered.value == expected ? nil : "\(delivered.value) values delivered, \(expected) before dispose"
            })
        }
    }
}

/// What a dispose action that must run once found: nil, or how often it ran instead.
package func ranOnce(_ count: ActionCount, _ what: String = "the dispose action") -> String? {
    count.value == 1 ? nil : "\(what) ran \(count.value) times"
}

/// The two checks every engine's `DisposeTwiceTests` makes of its cases: disposed twice on one thread, and
/// from two threads at once `iterations` times each (a tenth of that under ThreadSanitizer, which finds a race
/// from the order of two accesses, not from how often they meet, and slows each iteration about tenfold), every
/// case must pass; `liveObjects` reads the engine's count of live objects (nil where the build does not count
/// them), which must be back at its start.
package func assertEachCaseRunsItsActionOnce(
    _ cases: [DisposeCase], iterations: Int, liveObjects: () -> Int?, file: StaticString = #filePath, line: UInt = #line
) {
    XCTAssertEqual(disposedTwice(cases), [], "disposed twice on one thread", file: file, line: line)
    let iterations = underThreadSanitizer ? max(1, iterations / 10) : iterations
    let liveAtStart = liveObjects()
    let (failures, met) = disposedOnTwoThreads(cases, iterations: iterations)
    print("\(cases.count) disposables, \(iterations) each: both threads released together in \(met)")
    XCTAssertEqual(failures, [], "disposed from two threads at once", file: file, line: line)
    XCTAssertEqual(liveObjects(), liveAtStart, "live objects return to their start", file: file, line: line)
}

/// Each case disposed twice in a row on this thread; the failures, one line each.
package func disposedTwice(_ cases: [DisposeCase]) -> [String] {
    cases.compactMap { disposeCase in
        let (dispose, check) = disposeCase.make()
        dispose()
        dispose()
        return check().map { "\(disposeCase.name), disposed twice: \($0)" }
    }
}

/// Each case disposed from two threads at once, `iterations` times, a fresh disposable each time; the
/// failures (the first of each case), and in how many iterations both threads met at the barrier before
/// calling dispose (reported, not required: a machine with one free core may run them one after the other).
package func disposedOnTwoThreads(_ cases: [DisposeCase], iterations: Int) -> (failures: [String], met: Int) {
    var failures: [String] = []
    var met = 0
    for disposeCase in cases {
        for iteration in 0..<iterations {
            let (dispose, check) = disposeCase.make()
            if disposeOnTwoThreadsAtOnce(dispose) { met += 1 }
            if let failure = check() {
                failures.append("\(disposeCase.name), disposed on two threads (iteration \(iteration)): \(failure)")
                break
            }
        }
    }
    return (failures, met)
}

/// The other thread of `disposeOnTwoThreadsAtOnce`, made once: a thread per call would cost more than the
/// dispose it races. It polls for work (yielding, then napping once idle for a while) rather than sleeping
/// on a semaphore, so that it is running when the next pair of calls is released.
private final class SecondThread: @unchecked Sendable {
    static let shared = SecondThread()
    /// Calls handed over and calls finished; the job is written before `posted` is raised, read after.
    private let posted = Atomic<Int>(0)
    private let finished = Atomic<Int>(0)
    private var job: (() -> Void)?

    private init() {
        let thread = Thread { [self] in
            var taken = 0
            var idle = 0
            while true {
                if posted.load(ordering: .acquiring) > taken {
                    taken += 1
                    idle = 0
                    job?()
                    job = nil  // what it captured is released before the caller counts live objects
                    finished.store(taken, ordering: .releasing)
                } else {
                    idle += 1
                    if idle > 100_000 { usleep(200) } else if idle & 63 == 0 { sched_yield() }
                }
            }
        }
        thread.start()
    }

    /// Runs `body` on the second thread; returns the number to `wait(for:)`.
    func post(_ body: @escaping () -> Void) -> Int {
        job = body
        return posted.add(1, ordering: .releasing).newValue
    }

    func wait(for call: Int) {
        var spins = 0
        while finished.load(ordering: .acquiring) < call {
            spins += 1
            if spins & 63 == 0 { sched_yield() }
        }
    }
}

/// Calls `dispose` on this thread and on a second one, released together by a spin barrier, and returns once
/// both calls returned. If the second thread does not arrive within about a second (no free core for it),
/// this one goes ahead alone; true when both threads were at the barrier before either called dispose.
@discardableResult
package func disposeOnTwoThreadsAtOnce(_ dispose: @escaping () -> Void) -> Bool {
    let barrier = Barrier()
    let call: () -> Void = {
        barrier.arrived.add(1, ordering: .acquiringAndReleasing)
        var spins = 0
        while barrier.arrived.load(ordering: .acquiring) < 2, spins < 1_000_000 {
            spins += 1
            if spins & 255 == 0 { sched_yield() }
        }
        if barrier.arrived.load(ordering: .acquiring) == 2 { barrier.met.store(true, ordering: .releasing) }
        dispose()
    }
    let call2 = SecondThread.shared.post(call)
    call()
    SecondThread.shared.wait(for: call2)
    return barrier.met.load(ordering: .acquiring)
}

/// The two threads' meeting point of one `disposeOnTwoThreadsAtOnce`.
private final class Barrier: Sendable {
    let arrived = Atomic<Int>(0)
    let met = Atomic<Bool>(false)
}
