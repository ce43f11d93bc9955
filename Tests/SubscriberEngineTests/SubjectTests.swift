import XCTest
@testable import SubscriberEngine
import TestSupport

/// What the three subjects' shared subscriber list (`SubjectSubscribers`) does at the terminal event, seen from
/// outside: the first terminal event is the one kept for later subscribers, and the subscribers are let go at
/// once. Neither showed anywhere else (the mutation check's subscriber-subjects-terminal-overwritten and
/// subscriber-subjects-keep-list, docs/mutation.md): a case ends by releasing its subject, with its list.
final class SubjectTests: TimeLimitedTestCase {
    struct Failure: Error, CustomStringConvertible {
        var description: String { "failure" }
    }

    /// (name, send a value, complete, fail, the subject's signal) for each kind of subject.
    static func subjects() -> [(String, (Int) -> Void, () -> Void, () -> Void, RACSignal<Int>)] {
        let subject = Subject<Int>()
        let behavior = BehaviorSubject<Int>(defaultValue: 0)
        let replay = ReplaySubject<Int>(capacity: 2)
        return [
            ("subject", subject.sendNext, subject.sendCompleted, { subject.sendError(Failure()) }, subject.signal),
            ("behavior", behavior.sendNext, behavior.sendCompleted, { behavior.sendError(Failure()) }, behavior.signal),
            ("replay", replay.sendNext, replay.sendCompleted, { replay.sendError(Failure()) }, replay.signal),
        ]
    }

    /// Completed, then sent an error: a later subscriber gets the completion, the first terminal event.
    func testTheFirstTerminalEventIsTheOneKept() {
        for (name, next, complete, fail, signal) in Self.subjects() {
            let early = Recorder<Int>()
            early.subscribe(signal)
            next(1)
            complete()
            fail()
            let late = Recorder<Int>()
            late.subscribe(signal)
            XCTAssertEqual(early.events.last, .completed, name)
            XCTAssertEqual(early.events.filter { $0 == .completed || $0 == .error("failure") }, [.completed], name)
            XCTAssertEqual(late.events.last, .completed, "\(name): the error sent after the completion is no terminal event")
            XCTAssertFalse(late.events.contains(.error("failure")), name)
        }
    }

    /// A terminated subject lets go of its subscribers at once, not when it is itself released.
    func testATerminatedSubjectLetsGoOfItsSubscribers() throws {
        #if !DEBUG
        throw XCTSkip("live-object counts exist only in debug builds; run `swift test` without -c release")
        #endif
        for (name, next, complete, _, signal) in Self.subjects() {
            let start = LiveObjects.count
            signal.map { $0 + 1 }.subscribeNext { _ in }
            next(1)
            XCTAssertGreaterThan(LiveObjects.count, start, "\(name): the subscription is live")
            complete()
            XCTAssertEqual(LiveObjects.count, start, "\(name): nothing of the subscription is left")
        }
    }

    /// The list is empty once the terminal event has been sent, whether plain or behind a stage. Read inside
    /// each subject, under its lock. (Each subscriber also takes itself off the list when its subscription ends
    /// at the terminal event, so the list's own clearing is not what this shows: mutants.json argues that
    /// mutant equivalent.)
    func testATerminatedSubjectsListIsEmpty() {
        let subject = Subject<Int>()
        let behavior = BehaviorSubject<Int>(defaultValue: 0)
        let replay = ReplaySubject<Int>(capacity: 2)
        let lists: [(String, () -> Int, () -> Void, RACSignal<Int>)] = [
            ("subject", { subject.withState { $0.subscribers.list.count } }, subject.sendCompleted, subject.signal),
            ("behavior", { behavior.withState { $0.subscribers.list.count } }, behavior.sendCompleted, behavior.signal),
            ("replay", { replay.withState { $0.subscribers.list.count } }, replay.sendCompleted, replay.signal),
        ]
        for (name, count, complete, signal) in lists {
            signal.subscribeNext { _ in }
            signal.map { $0 + 1 }.subscribeNext { _ in }
            XCTAssertEqual(count(), 2, "\(name): both subscribers are on the list")
            complete()
            XCTAssertEqual(count(), 0, "\(name): the terminated subject's list is empty")
        }
    }
}
