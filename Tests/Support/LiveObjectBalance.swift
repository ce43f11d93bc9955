import Dispatch
import Foundation
import XCTest

/// The live-object count once it has reached `expected` or stopped moving (up to 2 s): objects captured by
/// blocks still running on other queues (asynchronous replies) are released just after those blocks return.
/// `count` reads the engine's own counter (`LiveObjects.current`); nil, a build that does not count, reads as
/// `expected`.
package func settledLiveObjects(_ count: () -> Int?, expecting expected: Int) -> Int {
    let deadline = DispatchTime.now().uptimeNanoseconds + 2_000_000_000
    while (count() ?? expected) != expected, DispatchTime.now().uptimeNanoseconds < deadline {
        usleep(1_000)
    }
    return count() ?? expected
}

/// An engine's dispose race (`runDisposeRaces`) within its `budget` (rounds aimed for, seconds, the floor of raced
/// rounds), with its checks: at least the floor raced, nothing delivered after dispose returned, and the engine's live
/// objects back at their start. `liveObjects` reads the engine's counter, nil in builds without one (release); `name`
/// labels the printed report.
package func assertDisposeRaces(
    _ name: String, within budget: DisposeRaceBudget, liveObjects: () -> Int?, makeRound: (ActionCount) -> RaceRound,
    file: StaticString = #filePath, line: UInt = #line
) {
    let liveAtStart = liveObjects()
    let report = runDisposeRaces(
        targetRaced: budget.rounds, minimumRaced: budget.minimumRaced, budget: budget.seconds, makeRound: makeRound)
    print("\(name) dispose race: \(report)")
    XCTAssertGreaterThanOrEqual(report.raced, budget.minimumRaced, "\(report)", file: file, line: line)
    XCTAssertEqual(report.deliveredAfterDispose, 0, "\(report)", file: file, line: line)
    if let liveAtStart {
        let settled = settledLiveObjects(liveObjects, expecting: liveAtStart)
        XCTAssertEqual(settled, liveAtStart, "live objects return to their start", file: file, line: line)
    }
}

/// What a trampoline makes of nested work: `schedule` is given work that logs 1, schedules work that logs 3,
/// then logs 2. A trampoline runs the nested work after the current one: 1, 2, 3.
package func nestedWorkOrder(_ schedule: @escaping (@escaping () -> Void) -> Void) -> [Int] {
    var order: [Int] = []
    schedule {
        order.append(1)
        schedule { order.append(3) }
        order.append(2)
    }
    return order
}

/// The check that an engine's leak checks can fail: its live-object counter exists (debug builds only; under
/// `-c release` this is a skip with its reason, not a silent pass), a live subscription made by `subscribe`
/// raises it, and calling the dispose `subscribe` returns gives it back.
package func assertLiveObjectCounterMoves(
    _ liveObjects: () -> Int?, subscribe: () -> () -> Void, file: StaticString = #filePath, line: UInt = #line
) throws {
    guard let before = liveObjects() else {
        throw XCTSkip(
            "live-object leak checks are compiled only in debug builds; this run checked no leaks. Run `swift test` without -c release")
    }
    do {
        // In a scope of its own: the dispose closure holds the subscription until the scope ends.
        let dispose = subscribe()
        XCTAssertGreaterThan(liveObjects() ?? before, before, "a live subscription is counted", file: file, line: line)
        dispose()
    }
    let settled = settledLiveObjects(liveObjects, expecting: before)
    XCTAssertEqual(settled, before, "its dispose releases what it counted", file: file, line: line)
}
