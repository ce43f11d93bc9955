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
/// `subscriber-locked-dependency` keeps RACSubscriber's disposables as well: a compound disposable per
/// subscriber holding a disposable that lets go of the blocks (RACSubscriber.m:39-58), and, for each
/// subscription it joins, a disposable that takes that subscription out of the compound again once it ends
/// (:95-109). The lean subscriber (Subscribers/ClosureSubscriber.swift) has a `terminated` flag instead and holds
/// the joined subscription itself.
public final class ClosureSubscriber<Value>: Subscriber, @unchecked Sendable {
    /// THE ONE SANCTIONED EXCEPTION to "no lock held while calling out": this lock is held while the
    /// blocks run, exactly as RAC's `@synchronized (self)` in `-sendNext:`, because that is the mechanism
    /// being measured. Recursive like `@synchronized`. It guards the blocks and serialises their calls.
    let lock = RecursiveLock()

    /// Guarded by `lock`: RACSubscriber's blocks, `nil` once it has terminated or its disposable has been
    /// disposed (RACSubscriber.m:44-52); nothing is delivered afterwards.
    var next: ((Value) -> Void)?
    var error: ((any Error) -> Void)?
    var completed: (() -> Void)?
    /// RACSubscriber's `disposable` (RACSubscriber.m:21, :54-55): the disposable that lets go of the blocks
    /// and every subscription joined and not yet ended. Disposed on the terminal event and in `deinit`.
    let disposable = CompoundDisposable()

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
        // Unretained, as RAC's `@unsafeify(self)`: the subscriber owns this disposable, which runs at the
        // latest from `deinit`.
        disposable.add(Disposable { [unowned(unsafe) self] in self.releaseBlocks() })
    }

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

    @inline(__always)
    public func sendNext(_ value: Value) {
        lock.withLock {
            if let next { next(value) }
        }
    }

    public func sendError(_ error: any Error) {
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
    }

    public func sendCompleted() {
        var first = false
        lock.withLock {
            // As `sendError(_:)` (RACSubscriber.m:85-93).
            guard let completedBlock = completed else { return }
            first = true
            dropBlocks()
            completedBlock()
        }
        if first { disposable.dispose() }
    }


    /// Ends the subscriptions this subscriber joined without a terminal event. `bind` calls it when its
    /// binding block stops the source: the source subscription's own disposable is only handed back when
    /// the source's `didSubscribe` block returns, so a source emitting synchronously would otherwise run to
    /// its end with every event dropped (RAC's `-take:` behaves that way on a synchronous source).
    func endSubscriptions() {
        // The subscriber's disposable also lets go of the blocks: nothing more is delivered, as without.
        disposable.dispose()
    }

    public func didSubscribe(with disposable: CompoundDisposable) {
        // RACSubscriber.m:95-109. Once the joined subscription ends, it takes itself out of this subscriber's
        // compound; if this subscriber has already terminated, `add` disposes it at once.
        if disposable.isDisposed { return }
        let subscriptions = self.disposable
        subscriptions.add(disposable)
        disposable.add(Disposable { [unowned(unsafe) disposable] in subscriptions.remove(disposable) })
    }
}
