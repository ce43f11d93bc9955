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
/// `subscriber-locked-dependency` (SUBSCRIBER_LOCKED) keeps RACSubscriber's disposables as well: a compound
/// disposable per subscriber holding a disposable that lets go of the blocks (RACSubscriber.m:39-58), and,
/// for each subscription it joins, a disposable that takes that subscription out of the compound again once
/// it ends (:95-109). The lean subscriber has a `terminated` flag and holds the joined subscription itself.
public final class ClosureSubscriber<Value>: Subscriber, @unchecked Sendable {
    /// THE ONE SANCTIONED EXCEPTION to "no lock held while calling out": this lock is held while the
    /// blocks run, exactly as RAC's `@synchronized (self)` in `-sendNext:`, because that is the mechanism
    /// being measured. Recursive like `@synchronized`. It guards the blocks (with SUBSCRIBER_LOCKED),
    /// `terminated` and `subscriptions` (without), and serialises the calls of the three blocks.
    let lock = RecursiveLock()

    #if SUBSCRIBER_LOCKED
    /// Guarded by `lock`: RACSubscriber's blocks, `nil` once it has terminated or its disposable has been
    /// disposed (RACSubscriber.m:44-52); nothing is delivered afterwards.
    var next: ((Value) -> Void)?
    var error: ((any Error) -> Void)?
    var completed: (() -> Void)?
    /// RACSubscriber's `disposable` (RACSubscriber.m:21, :54-55): the disposable that lets go of the blocks
    /// and every subscription joined and not yet ended. Disposed on the terminal event and in `deinit`.
    let disposable = CompoundDisposable()
    #else
    let next: (Value) -> Void
    let error: (any Error) -> Void
    let completed: () -> Void
    /// Guarded by `lock`: set by the first terminal event; nothing is delivered afterwards.
    var terminated = false
    /// Guarded by `lock`: the subscriptions to end on the terminal event (RAC's `disposable`).
    var subscriptions: Disposable?
    #endif

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
        #if SUBSCRIBER_LOCKED
        // Unretained, as RAC's `@unsafeify(self)`: the subscriber owns this disposable, which runs at the
        // latest from `deinit`.
        disposable.add(Disposable { [unowned(unsafe) self] in self.releaseBlocks() })
        #endif
    }

    #if SUBSCRIBER_LOCKED
    deinit {
        // RACSubscriber's `-dealloc` (RACSubscriber.m:60-62): a subscriber let go before its terminal event
        // ends what it joined.
        disposable.dispose()
    }

    private func releaseBlocks() {
        lock.withLock { dropBlocks() }
    }

    /// With `lock` held: lets go of the three blocks, which ends delivery.
    private func dropBlocks() {
        next = nil
        error = nil
        completed = nil
    }
    #endif

    @inline(__always)
    public func sendNext(_ value: Value) {
        lock.withLock {
            #if SUBSCRIBER_LOCKED
            if let next { next(value) }
            #else
            if !terminated { next(value) }
            #endif
        }
    }

    public func sendError(_ error: any Error) {
        #if SUBSCRIBER_LOCKED
        var first = false
        lock.withLock {
            // RAC copies the block out and disposes, which lets go of all three, before calling it
            // (RACSubscriber.m:75-83); the joined subscriptions are disposed after unlocking, as below.
            guard let errorBlock = self.error else { return }
            first = true
            dropBlocks()
            errorBlock(error)
        }
        if first { disposable.dispose() }
        #else
        terminate { self.error(error) }
        #endif
    }

    public func sendCompleted() {
        #if SUBSCRIBER_LOCKED
        var first = false
        lock.withLock {
            // As `sendError(_:)` (RACSubscriber.m:85-93).
            guard let completedBlock = completed else { return }
            first = true
            dropBlocks()
            completedBlock()
        }
        if first { disposable.dispose() }
        #else
        terminate { completed() }
        #endif
    }

    #if !SUBSCRIBER_LOCKED
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
    #endif

    /// Ends the subscriptions this subscriber joined without a terminal event. `bind` calls it when its
    /// binding block stops the source: the source subscription's own disposable is only handed back when
    /// the source's `didSubscribe` block returns, so a source emitting synchronously would otherwise run to
    /// its end with every event dropped (RAC's `-take:` behaves that way on a synchronous source).
    func endSubscriptions() {
        #if SUBSCRIBER_LOCKED
        // The subscriber's disposable also lets go of the blocks: nothing more is delivered, as without.
        disposable.dispose()
        #else
        var ended: Disposable?
        lock.withLock {
            ended = subscriptions
            subscriptions = nil
        }
        ended?.dispose()
        #endif
    }

    public func didSubscribe(with disposable: CompoundDisposable) {
        #if SUBSCRIBER_LOCKED
        // RACSubscriber.m:95-109. Once the joined subscription ends, it takes itself out of this subscriber's
        // compound; if this subscriber has already terminated, `add` disposes it at once.
        if disposable.isDisposed { return }
        let subscriptions = self.disposable
        subscriptions.add(disposable)
        disposable.add(Disposable { [unowned(unsafe) disposable] in subscriptions.remove(disposable) })
        #else
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
        #endif
    }
}
