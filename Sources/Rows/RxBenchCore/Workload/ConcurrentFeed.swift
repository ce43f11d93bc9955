import Dispatch

/// A subject under contention: `senders.count` threads (more than the machine has cores) each send their
/// own contiguous share of `0 ..< count` into `subjects[subject]` at once, while the `churn` queue's thread
/// subscribes a short-lived subscriber to the scenario's flow and disposes it, `churnCycles` times. When
/// all have finished, the harness completes the subject. The scenario's long-lived subscribers see every
/// value once, in no defined order, and are checked (`Checksum.expectInAnyOrder`); the churn's subscribers
/// see some values and are not.
///
/// Sends into one subject from several threads are what every engine must take (ARCHITECTURE.md, "What
/// every engine guarantees"); delivery may then reach one observer from several threads at once (RxSwift's
/// PublishSubject takes its lock only to snapshot its observers), so the harness's observers for this feed
/// are safe for concurrent calls (atomic adds). A row whose subjects cannot take concurrent senders declines it
/// (`EngineAdapter.concurrentSendingUnsupported`).
public struct ConcurrentFeed: Sendable, Equatable {
    public let subject: Int
    /// Values sent in all (exactly this many: `Feed.shares`).
    public let count: Int
    /// One serial queue per sending thread; each runs its share on its own thread.
    public let senders: [DispatchQueue]
    /// The thread that subscribes and disposes short-lived subscribers while the senders send.
    public let churn: DispatchQueue
    /// Subscribe + dispose pairs the churn makes per lifecycle: a fixed number, so that every row does
    /// the same work whatever the interleaving.
    public let churnCycles: Int

    public init(subject: Int, count: Int, senders: [DispatchQueue], churn: DispatchQueue, churnCycles: Int) {
        precondition(!senders.isEmpty, "a concurrent feed needs at least one sender")
        self.subject = subject
        self.count = count
        self.senders = senders
        self.churn = churn
        self.churnCycles = churnCycles
    }

    /// Sender `i` sends `shares[i]`.
    public var shares: [Range<Int>] { Feed.shares(of: count, among: senders.count) }

    public static func == (lhs: ConcurrentFeed, rhs: ConcurrentFeed) -> Bool {
        lhs.subject == rhs.subject && lhs.count == rhs.count && lhs.churnCycles == rhs.churnCycles
            && lhs.churn === rhs.churn && lhs.senders.count == rhs.senders.count
            && zip(lhs.senders, rhs.senders).allSatisfy { $0 === $1 }
    }
}
