import Foundation
import RxBenchCore

/// A subject as Swift concurrency users build one: a continuation per subscriber, each subscriber
/// iterating its own `AsyncThrowingStream`. `.replayLast` keeps the latest value and yields it to a new
/// subscriber; after a terminal event a new subscriber gets only that event.
public final class StreamSubject: AsyncRowSubject, @unchecked Sendable {
    public static var descriptor: EngineDescriptor {
        EngineDescriptor(
            id: "async-stream", role: .library,
            modelledOn: "AsyncStream + for await in a Task, swift-async-algorithms 1.1.4",
            semantics: .asyncSequence)
    }

    private typealias Continuation = AsyncThrowingStream<Int, Error>.Continuation

    private let lock = NSLock()
    private let replays: Bool
    private var latest: Int?
    /// In subscription order. A sender iterates a snapshot outside the lock (copy-on-write: copied only
    /// when the list changes while a sender still holds it).
    private var continuations: [(id: Int, continuation: Continuation)] = []
    private var nextID = 0
    private var terminal: BenchError??

    /// Set for a kind this row has no subject for (`.replay(bufferSize:)`): the translator declines it.
    public let unavailable: String?

    public init(_ kind: SubjectKind) {
        if case .replay(let bufferSize) = kind {
            unavailable = "replay(bufferSize: \(bufferSize)) subject: Swift concurrency has no replay subject"
        } else {
            unavailable = nil
        }
        switch kind {
        case .publish: replays = false
        case .replay: replays = false
        case .replayLast(let initial), .behavior(let initial as Int?):
            // After termination a late subscriber gets only the terminal event in both (see subscribe()).
            replays = true
            latest = initial
        }
    }

    public var values: IntSequence { IntSequence { [self] in IntIterator(subscribe().makeAsyncIterator()) } }

    /// A new subscriber's stream.
    func subscribe() -> AsyncThrowingStream<Int, Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: Int.self, throwing: Error.self)
        lock.lock()
        if let terminal {
            lock.unlock()
            continuation.finish(throwing: terminal)
            return stream
        }
        let id = nextID
        nextID += 1
        continuations.append((id, continuation))
        // Yielded under the lock, so that no value sent meanwhile overtakes it; nobody iterates the new
        // stream yet, so this only buffers.
        if replays, let latest { continuation.yield(latest) }
        lock.unlock()
        continuation.onTermination = { [weak self] _ in self?.remove(id) }
        return stream
    }

    public func send(_ value: Int) {
        lock.lock()
        guard terminal == nil else { return lock.unlock() }
        if replays { latest = value }
        let snapshot = continuations
        lock.unlock()
        for entry in snapshot { entry.continuation.yield(value) }
    }

    public func fail(_ error: BenchError) { terminate(error) }

    public func finish() { terminate(nil) }

    private func terminate(_ error: BenchError?) {
        lock.lock()
        guard terminal == nil else { return lock.unlock() }
        terminal = .some(error)
        let snapshot = continuations
        continuations = []
        lock.unlock()
        for entry in snapshot { entry.continuation.finish(throwing: error) }
    }

    private func remove(_ id: Int) {
        lock.lock()
        continuations.removeAll { $0.id == id }
        lock.unlock()
    }
}
