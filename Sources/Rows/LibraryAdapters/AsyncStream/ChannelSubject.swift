import AsyncAlgorithms
import Foundation
import RxBenchCore
import Synchronization

/// A subject over swift-async-algorithms' back-pressured channel: an `AsyncThrowingChannel` per subscriber, and
/// a send that waits until each subscriber's consumer has taken the value.
///
/// A value sent from synchronous code (the harness's sender, an app's callback) is sent by a task of its own,
/// the way such code reaches an async API (`Task { await channel.send(value) }`). The task prefers
/// `CallerExecutor`: it runs on the sender's thread and ends before the sender returns where every consumer
/// is waiting for a value. Where a consumer is busy, the task waits, suspended in the channel, and the sender
/// goes on: what back pressure holds back is a task per value, not the sender.
///
/// `.replayLast` and `.behavior` keep the latest value and give it to a new subscriber first; after a terminal
/// event a new subscriber gets only that event. `.replay(bufferSize:)` is declined.
public final class ChannelSubject: AsyncRowSubject, @unchecked Sendable {
    typealias Channel = AsyncThrowingChannel<Int, Error>

    public static var descriptor: EngineDescriptor {
        EngineDescriptor(
            id: "async-channel", role: .library,
            modelledOn: "AsyncThrowingChannel per subscriber + for await in a Task, swift-async-algorithms 1.1.4",
            semantics: .asyncSequence)
    }

    /// Guards `latest`, `channels`, `nextID`, `terminal` and `closing`.
    private let lock = NSLock()
    private let replays: Bool
    private var latest: Int?
    /// In subscription order. A send iterates a snapshot in its task (copy-on-write: copied only when the list
    /// changes while a task still holds it).
    private var channels: [(id: Int, channel: Channel)] = []
    private var nextID = 0
    private var terminal: BenchError??
    /// The channels to end once every waiting send has been taken: set by the terminal event.
    private var closing: [Channel] = []
    /// Sends not yet taken by every consumer, plus one held until the terminal event. The terminal event is
    /// passed on when it reaches zero, after the last value: a channel's `finish()` drops the sends still
    /// waiting in it.
    private let outstanding = Atomic<Int>(1)

    public let unavailable: String?

    public init(_ kind: SubjectKind) {
        switch kind {
        case .publish:
            replays = false
            unavailable = nil
        case .replay(let bufferSize):
            replays = false
            unavailable = "replay(bufferSize: \(bufferSize)) subject: Swift concurrency has no replay subject"
        case .replayLast(let initial), .behavior(let initial as Int?):
            replays = true
            latest = initial
            unavailable = nil
        }
    }

    public var values: IntSequence { IntSequence { [self] in makeIterator() } }

    /// A new subscriber: its channel, in the list from now on.
    private func makeIterator() -> IntIterator {
        let channel = Channel()
        lock.lock()
        if let terminal {
            lock.unlock()
            if let error = terminal { channel.fail(error) } else { channel.finish() }
            return IntIterator(channel.makeAsyncIterator())
        }
        let id = nextID
        nextID += 1
        channels.append((id, channel))
        // Read with the append, under one lock: a value sent after it is newer and reaches the channel.
        let first = replays ? latest : nil
        lock.unlock()
        return IntIterator(
            ChannelIterator(
                membership: Membership(subject: self, id: id, channel: channel), base: channel.makeAsyncIterator(),
                first: first))
    }

    public func send(_ value: Int) {
        lock.lock()
        guard terminal == nil else { return lock.unlock() }
        if replays { latest = value }
        let receivers = channels
        // Counted before the lock is left, so that a terminal event that follows waits for this send.
        if !receivers.isEmpty { outstanding.add(1, ordering: .relaxed) }
        lock.unlock()
        guard !receivers.isEmpty else { return }
        Task(executorPreference: CallerExecutor.shared) {
            for receiver in receivers { await receiver.channel.send(value) }
            self.taken()
        }
    }

    public func fail(_ error: BenchError) { terminate(error) }

    public func finish() { terminate(nil) }

    private func terminate(_ error: BenchError?) {
        lock.lock()
        guard terminal == nil else { return lock.unlock() }
        terminal = .some(error)
        closing = channels.map(\.channel)
        channels = []
        lock.unlock()
        taken()
    }

    /// One send taken by every consumer (or the terminal event given): the last one ends the channels.
    private func taken() {
        guard outstanding.subtract(1, ordering: .acquiringAndReleasing).newValue == 0 else { return }
        lock.lock()
        let ending = closing
        closing = []
        let error = terminal ?? nil
        lock.unlock()
        for channel in ending {
            if let error { channel.fail(error) } else { channel.finish() }
        }
    }

    fileprivate func remove(_ id: Int) {
        lock.lock()
        channels.removeAll { $0.id == id }
        lock.unlock()
    }
}

/// A subscriber's iteration: the replayed value first, then its channel's values.
private struct ChannelIterator: AsyncIteratorProtocol {
    let membership: Membership
    var base: AsyncThrowingChannel<Int, Error>.Iterator
    var first: Int?

    mutating func next() async throws -> Int? {
        if let value = first {
            first = nil
            return value
        }
        return try await base.next()
    }
}

/// A subscriber's place in the subject, for as long as its consuming task keeps the iterator. When the task
/// ends (cancelled or done), the channel leaves the subject and is finished: a send waiting in it, for a
/// consumer that will never take the value, resumes and goes on to the other subscribers.
private final class Membership: Sendable {
    let subject: ChannelSubject
    let id: Int
    let channel: AsyncThrowingChannel<Int, Error>

    init(subject: ChannelSubject, id: Int, channel: AsyncThrowingChannel<Int, Error>) {
        self.subject = subject
        self.id = id
        self.channel = channel
    }

    deinit {
        subject.remove(id)
        channel.finish()
    }
}
