extension Producer {
    /// The combination of the n-th elements of both inputs.
    public static func zip<A, B>(
        _ a: Observable<A>, _ b: Observable<B>, resultSelector: @escaping (A, B) throws -> Element
    ) -> Observable<Element> {
        Zip2(a, b, resultSelector)
    }

    /// The combination of the n-th elements of the three inputs.
    public static func zip<A, B, C>(
        _ a: Observable<A>, _ b: Observable<B>, _ c: Observable<C>,
        resultSelector: @escaping (A, B, C) throws -> Element
    ) -> Observable<Element> {
        Zip3(a, b, c, resultSelector)
    }

    /// The combination of the n-th elements of the four inputs.
    public static func zip<A, B, C, D>(
        _ a: Observable<A>, _ b: Observable<B>, _ c: Observable<C>, _ d: Observable<D>,
        resultSelector: @escaping (A, B, C, D) throws -> Element
    ) -> Observable<Element> {
        Zip4(a, b, c, d, resultSelector)
    }
}

final class Zip2<A, B, Result>: Producer<Result> {
    let a: Observable<A>, b: Observable<B>
    let resultSelector: (A, B) throws -> Result

    init(_ a: Observable<A>, _ b: Observable<B>, _ resultSelector: @escaping (A, B) throws -> Result) {
        self.a = a
        self.b = b
        self.resultSelector = resultSelector
        super.init { producer, observer, cancel in
            let parent = unsafeDowncast(producer, to: Zip2<A, B, Result>.self)
            let sink = Zip2Sink(parent.resultSelector, observer: observer, cancel: cancel)
            let group = CompositeDisposable()
            group.insert(parent.a.subscribeInput(AnyObserver { sink.on1($0) }, ownObserver: true))
            group.insert(parent.b.subscribeInput(AnyObserver { sink.on2($0) }, ownObserver: true))
            return SinkAndSubscription(sink: sink, subscription: group)
        }
    }
}

final class Zip2Sink<A, B, Result>: ZipSink<Result> {
    let resultSelector: (A, B) throws -> Result
    // Touched only in the serial section.
    var queue1 = ZipBuffer<A>()
    var queue2 = ZipBuffer<B>()

    init(_ resultSelector: @escaping (A, B) throws -> Result, observer: AnyObserver<Result>, cancel: SinkDisposer) {
        self.resultSelector = resultSelector
        super.init(
            arity: 2,
            makeResult: { base in
                let sink = unsafeDowncast(base, to: Zip2Sink<A, B, Result>.self)
                return try sink.resultSelector(sink.queue1.dequeue(), sink.queue2.dequeue())
            },
            observer: observer, cancel: cancel)
    }

    func on1(_ event: Event<A>) { serialize(event) { [self] in handle($0, index: 0) { queue1.enqueue($0) } } }
    func on2(_ event: Event<B>) { serialize(event) { [self] in handle($0, index: 1) { queue2.enqueue($0) } } }
}

final class Zip3<A, B, C, Result>: Producer<Result> {
    let a: Observable<A>, b: Observable<B>, c: Observable<C>
    let resultSelector: (A, B, C) throws -> Result

    init(
        _ a: Observable<A>, _ b: Observable<B>, _ c: Observable<C>,
        _ resultSelector: @escaping (A, B, C) throws -> Result
    ) {
        self.a = a
        self.b = b
        self.c = c
        self.resultSelector = resultSelector
        super.init { producer, observer, cancel in
            let parent = unsafeDowncast(producer, to: Zip3<A, B, C, Result>.self)
            let sink = Zip3Sink(parent.resultSelector, observer: observer, cancel: cancel)
            let group = CompositeDisposable()
            group.insert(parent.a.subscribeInput(AnyObserver { sink.on1($0) }, ownObserver: true))
            group.insert(parent.b.subscribeInput(AnyObserver { sink.on2($0) }, ownObserver: true))
            group.insert(parent.c.subscribeInput(AnyObserver { sink.on3($0) }, ownObserver: true))
            return SinkAndSubscription(sink: sink, subscription: group)
        }
    }
}

final class Zip3Sink<A, B, C, Result>: ZipSink<Result> {
    let resultSelector: (A, B, C) throws -> Result
    // Touched only in the serial section.
    var queue1 = ZipBuffer<A>()
    var queue2 = ZipBuffer<B>()
    var queue3 = ZipBuffer<C>()

    init(
        _ resultSelector: @escaping (A, B, C) throws -> Result, observer: AnyObserver<Result>, cancel: SinkDisposer
    ) {
        self.resultSelector = resultSelector
        super.init(
            arity: 3,
            makeResult: { base in
                let sink = unsafeDowncast(base, to: Zip3Sink<A, B, C, Result>.self)
                return try sink.resultSelector(sink.queue1.dequeue(), sink.queue2.dequeue(), sink.queue3.dequeue())
            },
            observer: observer, cancel: cancel)
    }

    func on1(_ event: Event<A>) { serialize(event) { [self] in handle($0, index: 0) { queue1.enqueue($0) } } }
    func on2(_ event: Event<B>) { serialize(event) { [self] in handle($0, index: 1) { queue2.enqueue($0) } } }
    func on3(_ event: Event<C>) { serialize(event) { [self] in handle($0, index: 2) { queue3.enqueue($0) } } }
}

final class Zip4<A, B, C, D, Result>: Producer<Result> {
    let a: Observable<A>, b: Observable<B>, c: Observable<C>, d: Observable<D>
    let resultSelector: (A, B, C, D) throws -> Result

    init(
        _ a: Observable<A>, _ b: Observable<B>, _ c: Observable<C>, _ d: Observable<D>,
        _ resultSelector: @escaping (A, B, C, D) throws -> Result
    ) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.resultSelector = resultSelector
        super.init { producer, observer, cancel in
            let parent = unsafeDowncast(producer, to: Zip4<A, B, C, D, Result>.self)
            let sink = Zip4Sink(parent.resultSelector, observer: observer, cancel: cancel)
            let group = CompositeDisposable()
            group.insert(parent.a.subscribeInput(AnyObserver { sink.on1($0) }, ownObserver: true))
            group.insert(parent.b.subscribeInput(AnyObserver { sink.on2($0) }, ownObserver: true))
            group.insert(parent.c.subscribeInput(AnyObserver { sink.on3($0) }, ownObserver: true))
            group.insert(parent.d.subscribeInput(AnyObserver { sink.on4($0) }, ownObserver: true))
            return SinkAndSubscription(sink: sink, subscription: group)
        }
    }
}

final class Zip4Sink<A, B, C, D, Result>: ZipSink<Result> {
    let resultSelector: (A, B, C, D) throws -> Result
    // Touched only in the serial section.
    var queue1 = ZipBuffer<A>()
    var queue2 = ZipBuffer<B>()
    var queue3 = ZipBuffer<C>()
    var queue4 = ZipBuffer<D>()

    init(
        _ resultSelector: @escaping (A, B, C, D) throws -> Result, observer: AnyObserver<Result>,
        cancel: SinkDisposer
    ) {
        self.resultSelector = resultSelector
        super.init(
            arity: 4,
            makeResult: { base in
                let sink = unsafeDowncast(base, to: Zip4Sink<A, B, C, D, Result>.self)
                return try sink.resultSelector(
                    sink.queue1.dequeue(), sink.queue2.dequeue(), sink.queue3.dequeue(), sink.queue4.dequeue())
            },
            observer: observer, cancel: cancel)
    }

    func on1(_ event: Event<A>) { serialize(event) { [self] in handle($0, index: 0) { queue1.enqueue($0) } } }
    func on2(_ event: Event<B>) { serialize(event) { [self] in handle($0, index: 1) { queue2.enqueue($0) } } }
    func on3(_ event: Event<C>) { serialize(event) { [self] in handle($0, index: 2) { queue3.enqueue($0) } } }
    func on4(_ event: Event<D>) { serialize(event) { [self] in handle($0, index: 3) { queue4.enqueue($0) } } }
}
