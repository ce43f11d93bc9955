import Synchronization

extension Producer {
    /// Each element becomes an inner observable; all inner observables run concurrently and their
    /// elements are merged. Completed when the source and every inner observable completed.
    public func flatMap<Result>(_ selector: @escaping (Element) throws -> Observable<Result>) -> Observable<Result> {
        FlatMap(source: self, selector: selector)
    }
}

final class FlatMap<Source, Result>: Producer<Result> {
    let source: Observable<Source>
    let selector: (Source) throws -> Observable<Result>

    init(source: Observable<Source>, selector: @escaping (Source) throws -> Observable<Result>) {
        self.source = source
        self.selector = selector
        super.init { (parent: FlatMap<Source, Result>, observer, cancel) in
            let sink = MergeSink(selector: parent.selector, observer: observer, cancel: cancel)
            let sourceSubscription = SingleAssignmentDisposable()
            sink.group.insert(sourceSubscription)
            sourceSubscription.setDisposable(parent.source.subscribe(AnyObserver { sink.on($0) }))
            return SinkAndSubscription(sink: sink, subscription: sink.group)
        }
    }
}

final class MergeSink<Source, Result>: SerializingSink<Result> {
    private let selector: (Source) throws -> Observable<Result>
    /// The source subscription and every live inner subscription.
    let group = CompositeDisposable()
    // Guards nothing but itself: running subscriptions (the source counts as one). Whoever brings it to
    // zero sends `completed`.
    private let active = Atomic<Int>(1)

    init(selector: @escaping (Source) throws -> Observable<Result>, observer: AnyObserver<Result>, cancel: SinkDisposer) {
        self.selector = selector
        super.init(observer: observer, cancel: cancel)
    }

    /// Events of the source; they arrive serially (the grammar), so the selector runs outside the section.
    ///
    /// In `sink-locked` the selector runs and the inner is counted under the sink's lock, and the source's
    /// completion is handled under it, as RxSwift 6.10.2's MergeSink does (Merge.swift:446-461, 470-481); the
    /// inner is subscribed after the lock is released (Merge.swift:467-468, 484-491).
    func on(_ event: Event<Source>) {
        switch event {
        case .next(let element):
            #if SINK_LOCKED
            let selected: Observable<Result>? = withSinkLock {
                do {
                    let inner = try selector(element)
                    active.add(1, ordering: .relaxed)
                    return inner
                } catch {
                    serialize(Event<Result>.error(error)) { [self] in forwardTerminal($0) }
                    return nil
                }
            }
            guard let inner = selected else { return }
            #else
            let inner: Observable<Result>
            do {
                inner = try selector(element)
            } catch {
                serialize(Event<Result>.error(error)) { [self] in forwardTerminal($0) }
                return
            }
            active.add(1, ordering: .relaxed)
            #endif
            subscribeInner(inner)
        case .error(let error):
            serialize(Event<Result>.error(error)) { [self] in forwardTerminal($0) }
        case .completed:
            #if SINK_LOCKED
            withSinkLock { innerOrSourceCompleted() }
            #else
            innerOrSourceCompleted()
            #endif
        }
    }

    /// Subscribes an inner that `active` already counts.
    private func subscribeInner(_ inner: Observable<Result>) {
        let subscription = SingleAssignmentDisposable()
        guard let key = group.insert(subscription) else { return }
        let iterator = MergeSinkIter(parent: self, key: key)
        subscription.setDisposable(inner.subscribe(AnyObserver { iterator.on($0) }))
    }

    func onInner(_ event: Event<Result>, key: CompositeDisposable.DisposeKey) {
        switch event {
        case .next, .error:
            serialize(event) { [self] event in
                if event.isStopEvent { forwardTerminal(event) } else { forwardOn(event) }
            }
        case .completed:
            // `sink-locked`: under the sink's lock, as RxSwift's MergeSinkIter.on (Merge.swift:400-414).
            #if SINK_LOCKED
            withSinkLock {
                group.remove(for: key)
                innerOrSourceCompleted()
            }
            #else
            group.remove(for: key)
            innerOrSourceCompleted()
            #endif
        }
    }

    private func innerOrSourceCompleted() {
        if active.subtract(1, ordering: .acquiringAndReleasing).newValue == 0 {
            serialize(Event<Result>.completed) { [self] in forwardTerminal($0) }
        }
    }
}

/// The observer of one inner subscription: it knows its key in the group.
final class MergeSinkIter<Source, Result> {
    private let parent: MergeSink<Source, Result>
    private let key: CompositeDisposable.DisposeKey

    #if DEBUG
    private let liveObject = LiveObjects.Token()
    #endif

    init(parent: MergeSink<Source, Result>, key: CompositeDisposable.DisposeKey) {
        self.parent = parent
        self.key = key
    }

    @inline(__always)
    func on(_ event: Event<Result>) {
        parent.onInner(event, key: key)
    }
}
