import Conformance
import EngineRegistry
import Foundation
import RxBenchCore
import Synchronization
import Testing
import TestSupport

/// Dispose-vs-delivery races on every engine and variant (100,000 each), through the adapter API (so
/// every variant races here; the engine-API race tests run on the locked and dependency variants too, in their
/// own test targets), with the live-object count back to its start afterwards.
///
/// A round per race with a hand-shake between two threads costs tens of microseconds (the engines' own
/// race tests, Tests/*EngineTests/Lifecycle/DisposeRaceTests.swift, do that to aim a dispose at a chosen moment);
/// a million of them per row would take minutes. Here one thread sends into a publish subject without a
/// pause while the test's thread keeps four subscriptions to `subject -> map -> filter` live, disposing
/// the oldest and subscribing a new one, round after round. Before disposing, the test's thread waits
/// (yielding the processor) until the oldest subscription has received a value, so every dispose lands
/// mid-stream: the subscription is receiving and the sender goes on sending into the subject. That is the
/// race the engines' own race tests count ("at least one value delivered when dispose was called, the
/// last one not yet"); whether the two threads also ran at the same instant depends on a free core, and
/// is reported (a send under way when dispose was called, or begun before it returned), not required.
/// The test fails if a round stalls: no value reaches the oldest subscription within `stallLimit`. It has
/// no budget for the whole run: on a machine busy with other work (CI installs packages beside the tests)
/// the rounds run slower, and the test takes longer rather than demanding fewer races; the suite's time
/// limit bounds it.
///
/// What a round checks: after dispose returns at most one more value reaches the subscription (a value
/// already past the disposed check may still land; the next send's snapshot no longer holds it), checked
/// again once the sender has stopped.
@Suite("Dispose racing delivery on every engine and variant", .serialized, .engineExclusive, .timeLimit(.minutes(5)))
struct DisposeRaceStressTests {
    /// Races per row: 100,000 in every `swift test` (about 1.2 s per row here). `RXBENCH_STRESS_RACES` sets
    /// another count: more for a longer hunt, fewer under ThreadSanitizer (scripts/ci-tsan.sh), which finds a
    /// race from the order of the accesses, not from their number, and runs every round many times slower.
    static let races = ProcessInfo.processInfo.environment["RXBENCH_STRESS_RACES"].flatMap(Int.init) ?? 100_000
    /// How long one round may wait for its subscription's first value before the engine is called stalled:
    /// a round takes about 8 us here, and about 1 ms with three busy processes beside the test.
    static let stallLimit: Duration = .seconds(10)

    @Test("disposes racing delivery: no late values, live objects back to their start", arguments: Engine.all)
    func manyRaces(_ engine: Engine) async throws {
        // On a thread of its own: twenty seconds of a blocked cooperative-pool thread (two here) would
        // starve the tests of rows that deliver from the pool (async-stream).
        let adapter = UncheckedHandle(engine.adapter)
        let findings = await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: Result { try Self.stress(adapter.value) }) }.start()
        }
        for finding in try findings.get() { Issue.record(Comment(rawValue: finding)) }
    }

    /// What went wrong, as text (recorded by the test, in its own context).
    private static func stress<A: EngineAdapter>(_ adapter: A) throws -> [String] {
        let live = { liveObjects(adapter) }
        // The test case before this one may still be releasing objects on another thread (a queue's last
        // work item): start from a still counter.
        _ = waitForQuiescence(live)
        let liveAtStart = live()
        // Twice balanced: inside `race`, with the subject and the stream still alive, against the count taken
        // once they were made (a subscription whose objects outlive its dispose shows there, as long as the
        // subject holds them); and here, once they are released (what the subject itself owns, a lock object
        // say, counts until then).
        var findings = try race(adapter, live: live)
        if let finding = balanceFinding(adapter.descriptor.id, live: live, expected: liveAtStart, when: "after the race") {
            findings.append(finding)
        }
        return findings
    }

    /// Why the live-object count is not `expected`, or nil where it is (or where the build counts nothing).
    private static func balanceFinding(_ id: String, live: () -> Int?, expected: Int?, when: String) -> String? {
        guard let expected else { return nil }
        // The counter is process-wide and other suites run engines meanwhile (a still count of theirs is not a
        // leak of ours): wait up to 60 s for it to come back before calling it a leak.
        let deadline = Date().addingTimeInterval(60)
        while live() != expected, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        if live() != expected, !waitForQuiescence(live) {
            return "\(id): could not check the live-object balance \(when): the counter never settled within 30 s"
        }
        if live() != expected {
            return "\(id): live objects \(live() ?? 0) \(when), not back to their start (\(expected))"
        }
        return nil
    }

    /// The races themselves, on a subject and a stream of their own; what went wrong, as text.
    private static func race<A: EngineAdapter>(_ adapter: A, live: () -> Int?) throws -> [String] {
        var findings: [String] = []
        let subject = try adapter.makeSubject(.publish)
        let sender = adapter.sender(for: subject)
        let stream = try adapter.stream(
            .filter(.map(.subject(0), IntTransform("+1") { $0 &+ 1 }), IntPredicate("odd") { $0 & 1 == 1 }),
            subjects: [subject])
        let liveWithSubject = live()

        let sent = Atomic<Int>(0)
        // Whether the sender is inside a send, delivering to the live subscriptions.
        let sending = Atomic<Bool>(false)
        let stop = Atomic<Bool>(false)
        let senderDone = DispatchSemaphore(value: 0)
        let unchecked = UncheckedHandle(sender)
        Thread.detachNewThread {
            var value = 0
            while !stop.load(ordering: .relaxed) {
                sending.store(true, ordering: .releasing)
                unchecked.value.next(value)
                sending.store(false, ordering: .releasing)
                value &+= 1
                sent.add(1, ordering: .releasing)
                // Leave the subject's lock free between sends: a sender in a tight loop holds it for most of
                // the time, and the disposing thread's subscribe and dispose, which wait for it, lose it
                // again and again (the engines' locks nap after spinning and are not fair).
                sched_yield()
            }
            senderDone.signal()
        }

        var liveRounds: [RaceRound<A.Subscription>] = []
        var disposed: [RaceRound<A.Subscription>] = []
        var rounds = 0, overlapped = 0, late = 0, stalled = false
        let clock = ContinuousClock()
        func subscribeOne() {
            let delivered = DeliveredValues()
            let subscription = adapter.subscribe(stream, EventObserver(next: { _ in delivered.add() }))
            liveRounds.append(RaceRound(subscription: subscription, delivered: delivered))
        }
        func check(_ round: RaceRound<A.Subscription>) {
            if round.delivered.count > round.afterDispose + 1 { late += 1 }
        }
        for _ in 0..<4 { subscribeOne() }
        while rounds < Self.races {
            var round = liveRounds.removeFirst()
            // Spin briefly (the sender, on the other core, delivers within microseconds), then yield the
            // processor: on a busy machine the sender may need this thread's core. After about a
            // millisecond, nap instead: when other processes keep the cores busy, a yield hands this core
            // to them for a whole time slice, where a nap wakes this thread soon after the value arrived.
            let waitStart = clock.now
            var spins = 0
            while round.delivered.count == 0 {
                spins += 1
                if spins > 1024 { usleep(10) } else if spins > 64 { sched_yield() }
                if spins & 1023 == 0, clock.now - waitStart >= Self.stallLimit { stalled = true; break }
            }
            if stalled {
                liveRounds.append(round)  // disposed with the others below
                break
            }
            rounds += 1
            let midSend = sending.load(ordering: .acquiring)
            let sentBefore = sent.load(ordering: .acquiring)
            adapter.dispose(round.subscription)
            let sentAfter = sent.load(ordering: .acquiring)
            round.afterDispose = round.delivered.count
            if midSend || sentAfter > sentBefore { overlapped += 1 }
            disposed.append(round)
            if disposed.count == 64 {
                disposed.forEach(check)
                disposed.removeAll(keepingCapacity: true)
            }
            subscribeOne()
        }
        stop.store(true, ordering: .releasing)
        senderDone.wait()
        disposed.forEach(check)
        for round in liveRounds { adapter.dispose(round.subscription) }
        liveRounds.removeAll()
        disposed.removeAll()

        let id = adapter.descriptor.id
        print("\(id): \(rounds) disposes mid-stream, \(overlapped) while a send was under way, "
            + "\(sent.load(ordering: .relaxed)) values sent")
        if stalled {
            findings.append(
                "\(id): stalled after \(rounds) disposes mid-stream: no value reached a subscription within "
                    + "\(Self.stallLimit)")
        }
        if late > 0 { findings.append("\(id): \(late) subscriptions got more than one value after dispose returned") }
        if let finding = balanceFinding(id, live: live, expected: liveWithSubject, when: "with the subject alive") {
            findings.append(finding)
        }
        return findings
    }
}

/// One subscription of the stress run, and what it had received when its dispose returned.
private struct RaceRound<Subscription> {
    let subscription: Subscription
    let delivered: DeliveredValues
    var afterDispose = 0
}

/// Values delivered to one subscription: written on the sending thread, read on the disposing one.
private final class DeliveredValues: Sendable {
    private let delivered = Atomic<Int>(0)
    func add() { delivered.add(1, ordering: .releasing) }
    var count: Int { delivered.load(ordering: .acquiring) }
}
