import Synchronization

extension Producer {
    /// Each element becomes an inner observable; a new inner observable disposes the previous one.
    /// Completed when the source and the latest inner observable completed.
    public func flatMapLatest<Result>(
        _ selector: @escaping (Element) throws -> Observable<Result>
    ) -> Observable<Result> {
        FlatMapLatest(source: self, selector: selector)
    }
}

final class FlatMapLatest<Source, Result>: Producer<Result> {
    let source: Observable<Source>
    let selector: (Source) throws -> Observable<Result>

    init(source: Observable<Source>, selector: @escaping (Source) throws -> Observable<Result>) {
        self.source = source
        self.selector = selector
        super.init { (parent: FlatMapLatest<Source, Result>, observer, cancel) in
            let sink = SwitchSink(selector: parent.selector, observer: observer, cancel: cancel)
            let sourceSubscription = SingleAssignmentDisposable()
            let subscriptions = Disposables.create(sourceSubscription, sink.innerSubscription)
            sourceSubscription.setDisposable(parent.source.subscribe(AnyObserver { sink.on($0) }))
            return SinkAndSubscription(sink: sink, subscription: subscriptions)
        }
    }
}

final class SwitchSink<Source, Result>: SerializingSink<Result> {
    /// The state, touched only in the serial section.
    private enum State {
        /// No inner observable is running; `sourceDone` says whether the source completed.
        case idle(sourceDone: Bool)
        /// The inner observable `id` is running.
        case running(id: Int, sourceDone: Bool)
    }

    private let selector: (Source) throws -> Observable<Result>
    /// The latest inner subscription; setting the next one disposes it.
    let innerSubscription = SerialDisposable()
    // Guards nothing but itself: the id generator for inner subscriptions (the source calls serially).
    private let nextId = Atomic<Int>(0)
    private var state = State.idle(sourceDone: false)

    init(selector: @escaping (Source) throws -> Observable<Result>, observer: AnyObserver<Result>, cancel: SinkDisposer) {
        self.selector = selector
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<Source>) {
        switch event {
        case .next(let element):
            let inner: Observable<Result>
            do {
                inner = try selector(element)
            } catch {
                serialize(Event<Result>.error(error)) { [self] in forwardTerminal($0) }
                return
            }
            let id = nextId.add(1, ordering: .relaxed).newValue
            serialize(id) { [self] id in
                if case .running(_, let done) = state {
                    state = .running(id: id, sourceDone: done)
                } else if case .idle(let done) = state {
                    state = .running(id: id, sourceDone: done)
                }
            }
            let subscription = SingleAssignmentDisposable()
            innerSubscription.disposable = subscription
            let iterator = SwitchSinkIter(parent: self, id: id)
            subscription.setDisposable(inner.subscribe(AnyObserver { iterator.on($0) }))
        case .error(let error):
            serialize(Event<Result>.error(error)) { [self] in forwardTerminal($0) }
        case .completed:
            serialize(()) { [self] _ in
                switch state {
                case .idle:
                    forwardTerminal(.completed)
                case .running(let id, _):
                    state = .running(id: id, sourceDone: true)
                }
            }
        }
    }

    func onInner(_ event: Event<Result>, id: Int) {
        serialize((event, id)) { [self] pair in
            let (event, id) = pair
            // Events of an inner observable that was already replaced are dropped.
            guard case .running(let latest, let sourceDone) = state, latest == id else { return }
            switch event {
            case .next:
                forwardOn(event)
            case .error:
                forwardTerminal(event)
            case .completed:
                state = .idle(sourceDone: sourceDone)
                if sourceDone { forwardTerminal(.completed) }
            }
        }
    }
}

/// The observer of one inner subscription: it knows its id.
final class SwitchSinkIter<Source, Result> {
    private let parent: SwitchSink<Source, Result>
    private let id: Int

    #if DEBUG
    private let liveObject = LiveObjects.Token()
    #endif

    init(parent: SwitchSink<Source, Result>, id: Int) {
        self.parent = parent
        self.id = id
    }

    @inline(__always)
    func on(_ event: Event<Result>) {
        parent.onInner(event, id: id)
    }
}
