extension Producer {
    /// The combination of the latest elements of both inputs, once each has produced one.
    public static func combineLatest<A, B>(
        _ a: Observable<A>, _ b: Observable<B>, resultSelector: @escaping (A, B) throws -> Element
    ) -> Observable<Element> {
        CombineLatest2(a, b, resultSelector)
    }

    /// The combination of the latest elements of the three inputs, once each has produced one.
    public static func combineLatest<A, B, C>(
        _ a: Observable<A>, _ b: Observable<B>, _ c: Observable<C>,
        resultSelector: @escaping (A, B, C) throws -> Element
    ) -> Observable<Element> {
        CombineLatest3(a, b, c, resultSelector)
    }

    /// The combination of the latest elements of the four inputs, once each has produced one.
    public static func combineLatest<A, B, C, D>(
        _ a: Observable<A>, _ b: Observable<B>, _ c: Observable<C>, _ d: Observable<D>,
        resultSelector: @escaping (A, B, C, D) throws -> Element
    ) -> Observable<Element> {
        CombineLatest4(a, b, c, d, resultSelector)
    }
}

final class CombineLatest2<A, B, Result>: Producer<Result> {
    let a: Observable<A>, b: Observable<B>
    let resultSelector: (A, B) throws -> Result

    init(_ a: Observable<A>, _ b: Observable<B>, _ resultSelector: @escaping (A, B) throws -> Result) {
        self.a = a
        self.b = b
        self.resultSelector = resultSelector
        super.init { producer, observer, cancel in
            let parent = unsafeDowncast(producer, to: CombineLatest2<A, B, Result>.self)
            let sink = CombineLatest2Sink(parent.resultSelector, observer: observer, cancel: cancel)
            let group = CompositeDisposable()
            group.insert(parent.a.subscribeInput(AnyObserver { sink.on1($0) }, ownObserver: true))
            group.insert(parent.b.subscribeInput(AnyObserver { sink.on2($0) }, ownObserver: true))
            return SinkAndSubscription(sink: sink, subscription: group)
        }
    }
}

final class CombineLatest2Sink<A, B, Result>: CombineLatestSink<Result> {
    let resultSelector: (A, B) throws -> Result
    // Touched only in the serial section.
    var latest1: A?
    var latest2: B?

    init(_ resultSelector: @escaping (A, B) throws -> Result, observer: AnyObserver<Result>, cancel: SinkDisposer) {
        self.resultSelector = resultSelector
        super.init(
            arity: 2,
            makeResult: { base in
                let sink = unsafeDowncast(base, to: CombineLatest2Sink<A, B, Result>.self)
                return try sink.resultSelector(sink.latest1!, sink.latest2!)
            },
            observer: observer, cancel: cancel)
    }

    func on1(_ event: Event<A>) { serialize(event) { [self] in handle($0, index: 0) { latest1 = $0 } } }
    func on2(_ event: Event<B>) { serialize(event) { [self] in handle($0, index: 1) { latest2 = $0 } } }
}

final class CombineLatest3<A, B, C, Result>: Producer<Result> {
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
            let parent = unsafeDowncast(producer, to: CombineLatest3<A, B, C, Result>.self)
            let sink = CombineLatest3Sink(parent.resultSelector, observer: observer, cancel: cancel)
            let group = CompositeDisposable()
            group.insert(parent.a.subscribeInput(AnyObserver { sink.on1($0) }, ownObserver: true))
            group.insert(parent.b.subscribeInput(AnyObserver { sink.on2($0) }, ownObserver: true))
            group.insert(parent.c.subscribeInput(AnyObserver { sink.on3($0) }, ownObserver: true))
            return SinkAndSubscription(sink: sink, subscription: group)
        }
    }
}

final class CombineLatest3Sink<A, B, C, Result>: CombineLatestSink<Result> {
    let resultSelector: (A, B, C) throws -> Result
    // Touched only in the serial section.
    var latest1: A?
    var latest2: B?
    var latest3: C?

    init(
        _ resultSelector: @escaping (A, B, C) throws -> Result, observer: AnyObserver<Result>, cancel: SinkDisposer
    ) {
        self.resultSelector = resultSelector
        super.init(
            arity: 3,
            makeResult: { base in
                let sink = unsafeDowncast(base, to: CombineLatest3Sink<A, B, C, Result>.self)
                return try sink.resultSelector(sink.latest1!, sink.latest2!, sink.latest3!)
            },
            observer: observer, cancel: cancel)
    }

    func on1(_ event: Event<A>) { serialize(event) { [self] in handle($0, index: 0) { latest1 = $0 } } }
    func on2(_ event: Event<B>) { serialize(event) { [self] in handle($0, index: 1) { latest2 = $0 } } }
    func on3(_ event: Event<C>) { serialize(event) { [self] in handle($0, index: 2) { latest3 = $0 } } }
}

final class CombineLatest4<A, B, C, D, Result>: Producer<Result> {
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
            let parent = unsafeDowncast(producer, to: CombineLatest4<A, B, C, D, Result>.self)
            let sink = CombineLatest4Sink(parent.resultSelector, observer: observer, cancel: cancel)
            let group = CompositeDisposable()
            group.insert(parent.a.subscribeInput(AnyObserver { sink.on1($0) }, ownObserver: true))
            group.insert(parent.b.subscribeInput(AnyObserver { sink.on2($0) }, ownObserver: true))
            group.insert(parent.c.subscribeInput(AnyObserver { sink.on3($0) }, ownObserver: true))
            group.insert(parent.d.subscribeInput(AnyObserver { sink.on4($0) }, ownObserver: true))
            return SinkAndSubscription(sink: sink, subscription: group)
        }
    }
}

final class CombineLatest4Sink<A, B, C, D, Result>: CombineLatestSink<Result> {
    let resultSelector: (A, B, C, D) throws -> Result
    // Touched only in the serial section.
    var latest1: A?
    var latest2: B?
    var latest3: C?
    var latest4: D?

    init(
        _ resultSelector: @escaping (A, B, C, D) throws -> Result, observer: AnyObserver<Result>,
        cancel: SinkDisposer
    ) {
        self.resultSelector = resultSelector
        super.init(
            arity: 4,
            makeResult: { base in
                let sink = unsafeDowncast(base, to: CombineLatest4Sink<A, B, C, D, Result>.self)
                return try sink.resultSelector(sink.latest1!, sink.latest2!, sink.latest3!, sink.latest4!)
            },
            observer: observer, cancel: cancel)
    }

    func on1(_ event: Event<A>) { serialize(event) { [self] in handle($0, index: 0) { latest1 = $0 } } }
    func on2(_ event: Event<B>) { serialize(event) { [self] in handle($0, index: 1) { latest2 = $0 } } }
    func on3(_ event: Event<C>) { serialize(event) { [self] in handle($0, index: 2) { latest3 = $0 } } }
    func on4(_ event: Event<D>) { serialize(event) { [self] in handle($0, index: 3) { latest4 = $0 } } }
}
