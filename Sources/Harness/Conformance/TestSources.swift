import Foundation
import RxBenchCore

/// A scripted source of a conformance case, described as data.
public enum SourceSpec: Sendable {
    /// Events at absolute times on one shared timeline; subscribers see what happens while subscribed.
    case hot([Recorded])
    /// Events at times relative to each subscription.
    case cold([Recorded])
}

/// A source instantiated on one virtual clock: its `flow` is a `Flow.create(.script { ... })` that logs
/// each subscription's interval and counts how often each subscription's dispose action ran.
public final class TestSource: @unchecked Sendable {
    private struct Entry {
        var start: Int
        var end: Int?
        var observer: EventObserver?
        var disposeActions = 0
    }

    private let lock = NSLock()
    private var entries: [Entry] = []
    private let scheduler: VirtualTimeScheduler
    private let spec: SourceSpec

    init(_ spec: SourceSpec, scheduler: VirtualTimeScheduler) {
        self.spec = spec
        self.scheduler = scheduler
        if case .hot(let events) = spec {
            for recorded in events {
                scheduler.schedule(at: recorded.time) { [weak self] in self?.hotDeliver(recorded.event) }
            }
        }
    }

    /// The source as a flow: every subscription is logged.
    public var flow: Flow {
        .create(.script { [self] observer in subscribe(observer) })
    }

    /// The subscription intervals, in subscription order.
    public var subscriptions: [SubscriptionInterval] {
        lock.withLock { entries.map { SubscriptionInterval($0.start, $0.end) } }
    }

    /// Subscriptions whose dispose action did not run exactly once (by the end of a run, every subscription
    /// must have been disposed: by the engine after a terminal event, or by the subscriber's dispose).
    public var disposeActionCounts: [Int] { lock.withLock { entries.map(\.disposeActions) } }

    private func subscribe(_ observer: EventObserver) -> DisposeAction {
        let now = scheduler.now
        let index = lock.withLock {
            entries.append(Entry(start: now, end: nil, observer: observer))
            return entries.count - 1
        }
        if case .cold(let events) = spec {
            for recorded in events {
                scheduler.schedule(at: now + recorded.time) { [weak self] in self?.deliver(recorded.event, to: index) }
            }
        }
        return DisposeAction { [weak self] in self?.disposeAction(index) }
    }

    private func disposeAction(_ index: Int) {
        let now = scheduler.now
        lock.withLock {
            entries[index].disposeActions += 1
            if entries[index].end == nil { entries[index].end = now }
            entries[index].observer = nil
        }
    }

    /// Delivers to one subscription if it is still live; a terminal event ends it.
    private func deliver(_ event: Recorded.Event, to index: Int) {
        let now = scheduler.now
        let observer: EventObserver? = lock.withLock {
            guard entries[index].end == nil, let observer = entries[index].observer else { return nil }
            if event.isTerminal {
                entries[index].end = now
                entries[index].observer = nil
            }
            return observer
        }
        guard let observer else { return }
        switch event {
        case .next(let value): observer.next(value)
        case .error(let error): observer.error(error)
        case .completed: observer.completed()
        }
    }

    private func hotDeliver(_ event: Recorded.Event) {
        let live = lock.withLock { entries.indices.filter { entries[$0].end == nil } }
        for index in live { deliver(event, to: index) }
    }
}

/// What a case's flow is built from, on the virtual clock of one run.
public struct CaseContext: Sendable {
    public let scheduler: VirtualTimeScheduler
    public let journal: Journal
    public let counter: Counter
    public let sources: [TestSource]

    /// The flow of source `index`.
    public func source(_ index: Int) -> Flow { sources[index].flow }
    /// Appends `line@now` to the journal.
    public func log(_ line: String) { journal.append("\(line)@\(scheduler.now)") }
}
