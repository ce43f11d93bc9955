import Synchronization

/// One subscription of `bind`: the source subscription plus one subscription per spliced signal, all
/// held by one compound disposable, with RAC's live-signal count deciding completion.
///
/// RAC's bind makes its own compound disposable (returned to the dynamic signal, which adds it to the
/// subscription's compound) and a serial `selfDisposable` for the source subscription. Here the spliced
/// subscriptions and the source subscription go straight into the subscription's compound disposable (the
/// passthrough subscriber's), which is disposed in exactly the same cases; a stop ends the source through
/// its subscriber (`ClosureSubscriber.endSubscriptions()`). Two disposables fewer per subscription, and
/// two fewer levels to walk when a chain of bind stages is disposed. `subscriber-locked-dependency`
/// (SUBSCRIBER_LOCKED) keeps RAC's two (RACSignal.m:113, :145-146, :171).
///
/// Everything per-event lives here so that the blocks given to `subscribeNext` capture one object and so
/// cost no allocation: for each value the design forces only the spliced signal, its subscriber and that
/// subscription's disposable.
final class BindState<Value, Result>: @unchecked Sendable {
    let subscriber: PassthroughSubscriber<Result>
    /// Called only from the source subscriber's blocks, which its lock serialises.
    let bindingBlock: RACSignal<Value>.BindBlock<Result>
    /// Everything this subscription owns: the source subscription and the live spliced ones (the
    /// passthrough subscriber's compound disposable; with SUBSCRIBER_LOCKED, one of its own, as RAC's).
    let disposable: CompoundDisposable
    #if SUBSCRIBER_LOCKED
    /// RAC's `selfDisposable` for the source subscription (RACSignal.m:145-146, :171), in `disposable`.
    let sourceDisposable = SerialDisposable()
    #endif
    /// Signals not yet completed, the source included (RAC's `signalCount`).
    let signalCount = Atomic<Int>(1)
    /// The source's subscriber, kept so that a stop can end the source subscription at once (see
    /// `ClosureSubscriber.endSubscriptions()`). Not retained, because the subscriber's blocks hold
    /// this state; and not weak, which would allocate a side table per subscription. It is read only from
    /// the subscriber's own blocks, so the subscriber is alive whenever it is read. Written before the
    /// source is subscribed.
    unowned(unsafe) var sourceSubscriber: ClosureSubscriber<Value>?

    #if DEBUG
    private let liveObject = LiveObjects.Token()
    #endif

    init(subscriber: PassthroughSubscriber<Result>, bindingBlock: @escaping RACSignal<Value>.BindBlock<Result>) {
        self.subscriber = subscriber
        #if SUBSCRIBER_LOCKED
        self.disposable = CompoundDisposable()
        disposable.add(sourceDisposable)
        #else
        self.disposable = subscriber.disposable
        #endif
        self.bindingBlock = bindingBlock
    }

    func subscribe(to source: RACSignal<Value>) {
        let subscriber = ClosureSubscriber<Value>(
            next: { [self] value in sourceNext(value) },
            error: { [self] error in fail(error) },
            completed: { [self] in completeSignal(sourceFinished) }
        )
        sourceSubscriber = subscriber
        #if SUBSCRIBER_LOCKED
        sourceDisposable.disposable = source.subscribe(subscriber)
        #else
        disposable.add(source.subscribe(subscriber))
        #endif
    }

    /// What `completeSignal` forgets when the source ends: RAC's serial disposable for it with
    /// SUBSCRIBER_LOCKED; nothing in the lean engine, whose source subscription ends with the whole one.
    @inline(__always)
    private var sourceFinished: Disposable? {
        #if SUBSCRIBER_LOCKED
        sourceDisposable
        #else
        nil
        #endif
    }

    func sourceNext(_ value: Value) {
        // RAC checks this by hand: a synchronous error in a spliced signal ends everything mid-delivery.
        if disposable.isDisposed { return }
        var stop = false
        let signal = bindingBlock(value, &stop)
        if let signal { addSignal(signal) }
        if signal == nil || stop {
            sourceSubscriber?.endSubscriptions()
            #if SUBSCRIBER_LOCKED
            sourceDisposable.dispose()  // RACSignal.m:158
            #endif
            completeSignal(sourceFinished)
        }
    }

    func addSignal(_ signal: RACSignal<Result>) {
        signalCount.wrappingAdd(1, ordering: .relaxed)
        let inner = BindInnerDisposable(state: self)
        disposable.add(inner)
        let subscription = signal.subscribeNext(
            { [self] value in subscriber.sendNext(value) },
            error: { [self] error in fail(error) },
            completed: { [inner] in inner.state.completeSignal(inner) }
        )
        // Constant signals (`return`, `empty`) finish inside `subscribeNext` and return no disposable.
        if let subscription { inner.disposable = subscription }
    }

    /// `finished` is the spliced subscription to forget (nil for the source, which ends once; with
    /// SUBSCRIBER_LOCKED the source's serial disposable, as RAC's).
    func completeSignal(_ finished: Disposable?) {
        if signalCount.wrappingSubtract(1, ordering: .acquiringAndReleasing).newValue == 0 {
            subscriber.sendCompleted()
            disposable.dispose()
        } else if let finished {
            disposable.remove(finished)
        }
    }

    func fail(_ error: any Error) {
        subscriber.sendError(error)
        disposable.dispose()
    }
}

/// The disposable of one spliced subscription (RAC's per-signal `selfDisposable`). It carries the bind
/// state so that the completion block captures this one object and needs no allocated context.
final class BindInnerDisposable<Value, Result>: SerialDisposable, @unchecked Sendable {
    let state: BindState<Value, Result>

    init(state: BindState<Value, Result>) {
        self.state = state
        super.init()
    }
}
