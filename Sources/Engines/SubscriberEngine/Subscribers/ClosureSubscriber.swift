/// RACSubscriber (the class): the subscriber made by `subscribeNext(_:error:completed:)`.
///
/// Faithful to RAC, it delivers every event while holding its own lock: RAC's `-sendNext:` runs the next
/// block inside `@synchronized (self)`. That lock serialises concurrent senders and makes the terminal
/// event final, and it is the mechanism this engine measures, so it is kept; its cost and its
/// re-entrancy and deadlock consequences are discussed in docs/decisions/subscriber-reentrancy.md.
///
/// On its terminal event it disposes the subscriptions it joined (RAC disposes its compound disposable);
/// here the terminal event is delivered first and the subscriptions are disposed after unlocking.
///
/// This subscriber has a `terminated` flag and holds the joined subscription itself;
/// `subscriber-locked-dependency` compiles RACSubscriber's disposables instead (Locked/ClosureSubscriber.swift).
public final class ClosureSubscriber<Value>: Subscriber, @unchecked Sendable {
    /// THE ONE SANCTIONED EXCEPTION to "no lock held while calling out": this lock is held while the
    /// blocks run, exactly as RAC's `@synchronized (self)` in `-sendNext:`, because that is the mechanism
    /// being measured. Recursive like `@synchronized`. It guards `terminated` and `subscriptions`, and
    /// serialises the calls of the three blocks.
    let lock = RecursiveLock()

    let next: (Value) -> Void
    let error: (any Error) -> Void
    let completed: () -> Void
    /// Guarded by `lock`: set by the first terminal event; nothing is delivered afterwards.
    var terminated = false
    /// Guarded by `lock`: the subscriptions to end on the terminal event (RAC's `disposable`).
    var subscriptions: Disposable?

    #if DEBUG
    private let liveObject = LiveObjects.Token()
    #endif

    public init(
        next: @escaping (Value) -> Void,
        error: @escaping (any Error) -> Void = { _ in },
        completed: @escaping () -> Void = {}
    ) {
        self.next = next
        self.error = error
        self.completed = completed
    }


    @inline(__always)
    public func sendNext(_ value: Value) {
        lock.withLock {
            if !terminated { next(value) }
        }
    }

    public func sendError(_ error: any Error) {
        terminate { self.error(error) }
    }

    public func sendCompleted() {
        terminate { completed() }
    }

    /// A terminal event: `deliver` runs under the lock, once; the joined subscriptions are disposed after
    /// unlocking.
    @inline(__always)
    private func terminate(_ deliver: () -> Void) {
        var ended: Disposable?
        var first = false
        lock.withLock {
            if terminated { return }
            terminated = true
            first = true
            deliver()
            ended = subscriptions
            subscriptions = nil
        }
        if first { ended?.dispose() }
    }

    /// Ends the subscriptions this subscriber joined without a terminal event. `bind` calls it when its
    /// binding block stops the source: the source subscription's own disposable is only handed back when
    /// the source's `didSubscribe` block returns, so a source emitting synchronously would otherwise run to
    /// its end with every event dropped (RAC's `-take:` behaves that way on a synchronous source).
    func endSubscriptions() {
        var ended: Disposable?
        lock.withLock {
            ended = subscriptions
            subscriptions = nil
        }
        ended?.dispose()
    }

    public func didSubscribe(with disposable: CompoundDisposable) {
        var alreadyTerminated = false
        lock.withLock {
            if terminated {
                alreadyTerminated = true
            } else if let existing = subscriptions {
                // Subscribed to more than one signal: keep them all (rare; RAC always uses a compound).
                subscriptions = CompoundDisposable([existing, disposable])
            } else {
                subscriptions = disposable
            }
        }
        if alreadyTerminated { disposable.dispose() }
    }
}
