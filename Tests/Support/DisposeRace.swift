import Dispatch
import Foundation
import Glibc
import Synchronization

// Dispose-vs-delivery races on two threads, written against no engine: each engine's test target builds
// its rounds with the engine's native API and runs them here.

/// One round: a live subscription, how to emit into its source (on the emitting thread) and how to
/// dispose it (on the disposing thread).
package struct RaceRound {
    let emit: (Int) -> Void
    let dispose: () -> Void

    package init(emit: @escaping (Int) -> Void, dispose: @escaping () -> Void) {
        self.emit = emit
        self.dispose = dispose
    }
}

/// What a run of rounds found.
package struct DisposeRaceReport: CustomStringConvertible {
    /// Rounds run.
    package var rounds = 0
    /// Rounds in which dispose landed while values were flowing: at least one value had been delivered
    /// when dispose was called, and the last value had not been when it returned.
    package var raced = 0
    /// Rounds in which the emitter sent a value while dispose was running (the two threads overlapped; on
    /// a machine with one free core this can be rare, and it is reported, not required).
    package var overlapped = 0
    /// Rounds in which more than one value arrived after dispose returned (only the value already past
    /// every disposed check may arrive late; the emitter sends two more after dispose returns).
    package var deliveredAfterDispose = 0
    package var seconds = 0.0

    package var description: String {
        "\(rounds) rounds, \(raced) raced, \(overlapped) sent a value during dispose, "
            + "\(deliveredAfterDispose) delivered after dispose, "
            + String(format: "%.1f s", seconds)
    }
}

/// Hands the round's emit closure and dispose point from the disposing thread to the emitting thread.
private final class Handoff: @unchecked Sendable {
    // Guards `round`.
    private let lock = NSLock()
    private var round: (emit: (Int) -> Void, disposeAfter: Int)?
    func put(_ emit: @escaping (Int) -> Void, disposeAfter: Int) {
        lock.withLock { round = (emit, disposeAfter) }
    }
    func take() -> (emit: (Int) -> Void, disposeAfter: Int) { lock.withLock { defer { round = nil }; return round! } }
}

/// Where the two threads of a run are: round numbers, 1-based, published with release/acquire.
private final class RaceProgress: Sendable {
    /// The round whose subscription is ready to emit into.
    let published = Atomic<Int>(0)
    /// The round whose emitter has sent the values before the dispose point and waits for `disposing`.
    let waiting = Atomic<Int>(0)
    /// The round whose disposer is ready to call dispose.
    let disposing = Atomic<Int>(0)
    /// The round whose emitter has seen `disposing` and goes on emitting: the disposer calls dispose now,
    /// while both threads run.
    let resumed = Atomic<Int>(0)
    /// The round whose dispose has returned.
    let disposed = Atomic<Int>(0)
    /// The round the emitter has finished.
    let emitted = Atomic<Int>(0)
    /// Values the emitter has started to send, over all rounds.
    let sent = Atomic<Int>(0)
    /// No more rounds: the emitter returns.
    let stop = Atomic<Bool>(false)
}

/// Whether this process runs under ThreadSanitizer, which slows these rounds down about tenfold: the
/// floors of raced rounds are lowered there so that `swift test --sanitize=thread` stays within the budget.
package let underThreadSanitizer: Bool = {
    guard let process = dlopen(nil, RTLD_NOW) else { return false }
    return dlsym(process, "__tsan_init") != nil
}()

/// How many dispose-vs-delivery races an engine's race test aims for (`rounds`), the seconds it is given, and
/// the raced rounds it must reach (`minimumRaced`; a tenth of that under ThreadSanitizer, which slows the
/// rounds down about tenfold). Each engine's test target says why its numbers (its `DisposeRaceBudget.swift`).
package struct DisposeRaceBudget {
    package let rounds: Int
    package let seconds: Double
    package let minimumRaced: Int

    package init(rounds: Int, seconds: Double, minimumRaced: Int) {
        self.rounds = rounds
        self.seconds = seconds
        self.minimumRaced = underThreadSanitizer ? minimumRaced / 10 : minimumRaced
    }
}

/// Spins until `done()` holds, yielding the processor now and then: the machine may have fewer free cores
/// than spinning threads, and the other thread must run for the condition to change. After a few thousand
/// spins it naps instead (20 us): on a machine whose cores are busy with other work (CI installs packages
/// beside the tests), a yield hands the core to that work for a whole time slice, about 10 ms per round
/// measured, where a nap lets the scheduler wake this thread as soon as the other one has moved.
@inline(__always)
private func spin(until done: () -> Bool) {
    var spins = 0
    while !done() {
        spins += 1
        if spins > 4096 {
            usleep(20)
        } else if spins & 63 == 0 {
            sched_yield()
        }
    }
}

/// Runs rounds until `targetRaced` rounds raced or `budget` seconds passed; past the budget it goes on
/// until `minimumRaced` rounds raced, for at most ten times the budget, so that a machine busy with other
/// work makes the test slower, not wrong (the caller asserts `minimumRaced`, which then fails only when
/// the races did not happen).
///
/// Each round `makeRound` subscribes (on the calling thread, the disposing one), and a second thread
/// emits `0..<valuesPerRound` into it. After a random number of values (1 to `maxBeforeDispose`) the
/// emitter announces it and waits until the disposing thread is about to dispose; it then goes on
/// emitting while the disposing thread calls dispose (in every other round only once it sees the emitter
/// running again, so that dispose and delivery overlap). The two meet mid-stream even when the machine
/// has one free core (without the hand-shake, a disposer that is not scheduled in time finds the round
/// over). Once dispose has
/// returned the emitter sends two more values and stops, so a dispose that does not stop delivery shows
/// up in `deliveredAfterDispose`. A round raced if dispose was called after the first value was delivered
/// and returned before the last one was (a dispose held up until the emitter is through, by a lock the
/// emitter keeps taking, does not count).
package func runDisposeRaces(
    targetRaced: Int, minimumRaced: Int, budget: Double, valuesPerRound: Int = 64, maxBeforeDispose: Int = 8,
    makeRound: (ActionCount) -> RaceRound
) -> DisposeRaceReport {
    let progress = RaceProgress()
    let handoff = Handoff()
    let emitterDone = DispatchSemaphore(value: 0)

    Thread.detachNewThread {
        var round = 1
        while true {
            spin {
                progress.published.load(ordering: .acquiring) >= round || progress.stop.load(ordering: .acquiring)
            }
            if progress.stop.load(ordering: .acquiring) { break }
            let (emit, disposeAfter) = handoff.take()
            var afterDispose = 0
            for value in 0..<valuesPerRound {
                progress.sent.add(1, ordering: .releasing)
                emit(value)
                if value + 1 == disposeAfter {
                    progress.waiting.store(round, ordering: .releasing)
                    spin { progress.disposing.load(ordering: .acquiring) == round }
                    progress.resumed.store(round, ordering: .releasing)
                }
                if progress.disposed.load(ordering: .acquiring) == round {
                    afterDispose += 1
                    if afterDispose == 2 { break }
                }
            }
            progress.emitted.store(round, ordering: .releasing)
            round += 1
        }
        emitterDone.signal()
    }

    var report = DisposeRaceReport()
    let start = DispatchTime.now().uptimeNanoseconds
    let deadline = start + UInt64(budget * 1e9)
    let hardDeadline = start + UInt64(10 * budget * 1e9)
    func goOn() -> Bool {
        let now = DispatchTime.now().uptimeNanoseconds
        return report.raced < targetRaced && (now < deadline || (report.raced < minimumRaced && now < hardDeadline))
    }
    while goOn() {
        let round = report.rounds + 1
        let delivered = ActionCount()
        do {
            let subscription = makeRound(delivered)
            handoff.put(subscription.emit, disposeAfter: Int.random(in: 1...maxBeforeDispose))
            progress.published.store(round, ordering: .releasing)
            spin { progress.waiting.load(ordering: .acquiring) == round }
            progress.disposing.store(round, ordering: .releasing)
            // Every other round, dispose only once the emitter runs again, so that the two overlap; in
            // the others the emitter resumes while dispose runs, which lands mid-stream even on a machine
            // whose other core is busy.
            if round % 2 == 0 { spin { progress.resumed.load(ordering: .acquiring) == round } }
            let atDispose = delivered.value
            let sentAtDispose = progress.sent.load(ordering: .acquiring)
            subscription.dispose()
            let sentAfterDispose = progress.sent.load(ordering: .acquiring)
            let afterDispose = delivered.value
            progress.disposed.store(round, ordering: .releasing)
            spin { progress.emitted.load(ordering: .acquiring) == round }
            let final = delivered.value
            if sentAfterDispose > sentAtDispose { report.overlapped += 1 }
            if final > afterDispose + 1 { report.deliveredAfterDispose += 1 }
            if atDispose >= 1 && afterDispose < valuesPerRound { report.raced += 1 }
        }
        report.rounds = round
    }
    progress.stop.store(true, ordering: .releasing)
    emitterDone.wait()
    report.seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    return report
}
