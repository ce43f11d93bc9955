import Dispatch
import RxBenchCore

/// Several threads, more than the machine has cores, sending into one junction at once: the case where a
/// lock that spins and a lock that parks behave differently (docs/decisions/fidelity.md, "Contention").
/// Each workload sends exactly its size in events, split among the threads (`Feed.shares`).
enum Contention {
    /// One serial queue per sending thread, made once.
    static let queues = (0..<8).map { DispatchQueue(label: "rxbench.contention.\($0)") }
    /// The thread that subscribes and disposes short-lived subscribers beside the senders.
    static let churnQueue = DispatchQueue(label: "rxbench.contention.churn")

    static let all: [Workload] = [4, 8].map(merge(threads:)) + [4, 8].map(subject(threads:))

    /// The junction is `merge`: each of `threads` sources is subscribed on its own serial queue, so each runs
    /// its pump on its own thread, and all of them send into the one merge sink concurrently. That sink is
    /// where every engine serialises concurrent senders (RxSwift's `MergeSink` lock, SwiftSignalKit's merge
    /// state, RAC's subscriber lock), so its lock is the contended one.
    ///
    /// The checksum: with several senders, the order in which the merged values arrive is not defined, so
    /// the order-sensitive fold of an observer cannot be predicted. The workload therefore reduces the
    /// merged stream with `+` (commutative and associative, wrapping) and the observer sees one value, the
    /// sum, and a completion. Thread `i` sends its own share of `0 ..< events` (a pump of the share's length,
    /// shifted by its start), so the sum changes when a value is dropped, duplicated, or lost by a race
    /// inside the serial section (a `reduce` that two threads entered at once loses an update). What it
    /// does not check is the order of the values, which is not defined here.
    static func merge(threads: Int) -> Workload {
        contended(
            "ContendedMerge",
            summary: "threads > cores each pump into one merge (subscribeOn a queue each) -> reduce(+); per event",
            threads: threads
        ) { events in
            let inputs: [Flow] = Feed.shares(of: events, among: threads).enumerated().map { index, share in
                let offset = share.lowerBound
                let shifted = IntTransform("+\(offset)") { $0 &+ offset }.plain { $0 &+ offset }
                return .subscribeOn(
                    .map(Stage.pump(share.count, thenComplete: true), shifted), .serial(queues[index]))
            }
            let total = (0..<events).reduce(0, Stage.sum.combine)
            return Scenario(
                flow: .reduce(.merge(inputs), seed: 0, Stage.sum), awaitsTermination: true,
                expected: .expect(completions: 1) { fold in fold.add(total) },
                queues: Array(queues[0..<threads]))
        }
    }

    /// Subscribers to one subject beside the sending threads: the long-lived ones whose deliveries are checked.
    static let subjectSubscribers = 2
    /// Sends per subscribe + dispose pair of the churn: short-lived subscribers come and go all through the
    /// run, at a fixed ratio, so every row does the same work per event.
    static let sendsPerChurn = 16

    /// The junction is a publish subject: `threads` threads each send their own share of `0 ..< events`
    /// into it at once, while one more thread subscribes and disposes a short-lived `map` subscriber every
    /// `sendsPerChurn` events (`Feed.concurrent`); then the subject completes. Contended: the subject's lock
    /// (senders snapshot its observers while the churn adds and removes them) and whatever each engine
    /// serialises delivery with, and the locks of each short-lived subscription.
    ///
    /// The checksum: two long-lived `map` subscribers see every value once, in no defined order. Delivery
    /// may reach one observer from several threads at once (Rx's grammar forbids it, but RxSwift's
    /// PublishSubject does not serialise its senders: it takes its lock only to snapshot its observers), so
    /// the harness's observers for this feed add each value to an atomic wrapping sum and count it (the same
    /// in every row). A value dropped or duplicated changes the count; one dropped and another duplicated, or
    /// a transform skipped, changes the sum. What it does not check is the order, which is not defined here.
    static func subject(threads: Int) -> Workload {
        contended(
            "ContendedSubject",
            summary: "threads > cores each send into one publish subject -> map (2 subscribers) while another subscribes and disposes; per event",
            threads: threads
        ) { events in
            let feed = ConcurrentFeed(
                subject: 0, count: events, senders: Array(queues[0..<threads]), churn: churnQueue,
                churnCycles: events / sendsPerChurn)
            return Scenario(
                subjects: [.publish], flow: .map(.subject(0), Stage.increment), subscribers: subjectSubscribers,
                feed: .concurrent(feed), awaitsTermination: true,
                expected: .expectInAnyOrder(
                    observers: subjectSubscribers, completions: subjectSubscribers, values: 1..<(events + 1)))
        }
    }

    /// An entry of this group: `threads` senders, sized in events.
    private static func contended(
        _ name: String, summary: String, threads: Int, _ make: @escaping @Sendable (_ events: Int) -> Scenario
    ) -> Workload {
        Workload(
            name: name, group: "contention", summary: summary, parameters: [.init("threads", threads)],
            shape: .pumping, defaultSize: 200_000, make: make)
    }
}
