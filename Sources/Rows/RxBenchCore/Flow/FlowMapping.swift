/// What a row writes to translate a `Flow`: one mapping per operator, from already translated native streams
/// to the library's operator, as a user of the library writes it. The recursion over `Flow` is written once,
/// below (`stream(for:)`): arity dispatch, the one-result family, the `just` fast path of flatMap, schedulers,
/// the feedback state of `.system`, and the lazily translated flows of factories, selectors and handlers.
/// Every mapping a library may lack throws `UnsupportedFlow` unless the row writes it
/// (docs/decisions/translation-skeleton.md).
///
/// Generic, never existential: a row's `stream(for:)` is this extension specialised for the row's own types,
/// so translating allocates what the row's operators allocate and nothing for the skeleton.
public protocol FlowMapping {
    /// The native cold stream of `Int` (`Observable<Int>`, `AnyPublisher<Int, BenchError>`, ...).
    associatedtype Stream
    /// The library's one-result type (RxSwift's `Single`); a row without one leaves it `Stream`.
    associatedtype OneResult = Stream
    /// What `subscribeOn` and `observeOn` take; a row without scheduler operators leaves it `Never`.
    associatedtype Scheduler = Never

    /// The row's id, for `UnsupportedFlow`.
    var engineName: String { get }
    /// The state stream of the innermost enclosing `.system`, which `.feedbackState` stands for. A row that
    /// maps `system` stores it; the skeleton sets it on a copy of the row for each feedback.
    var feedbackState: Stream? { get set }
    /// Why the row declines `operation`; the default names the operator as missing.
    func unsupported(_ operation: String) -> UnsupportedFlow
    /// Why the row declines `flow`'s outermost operator, asked before its inputs are translated: where a flow
    /// has several operators the row lacks, the refusal names the outermost (a mapping that throws names the
    /// innermost, as its inputs are translated first). Also for a combination the row cannot express
    /// (OpenCombine's take of a system). Default: nil, translate it.
    func refusal(of flow: Flow) -> UnsupportedFlow?

    // MARK: Sources

    func just(_ value: Int) throws(UnsupportedFlow) -> Stream
    func from(_ values: [Int]) throws(UnsupportedFlow) -> Stream
    func empty() throws(UnsupportedFlow) -> Stream
    func never() throws(UnsupportedFlow) -> Stream
    /// Also the stream of a lazily translated flow the row cannot express (`translatedOrFailing`).
    func fail(_ error: BenchError) -> Stream
    func create(_ emitter: Emitter) throws(UnsupportedFlow) -> Stream
    func deferred(_ flow: DeferredFlow<Self>) throws(UnsupportedFlow) -> Stream
    func subject(_ index: Int) throws(UnsupportedFlow) -> Stream

    // MARK: One input

    func map(_ source: Stream, _ transform: IntTransform) throws(UnsupportedFlow) -> Stream
    func compactMap(_ source: Stream, _ transform: IntPartialTransform) throws(UnsupportedFlow) -> Stream
    func filter(_ source: Stream, _ predicate: IntPredicate) throws(UnsupportedFlow) -> Stream
    func scan(_ source: Stream, seed: Int, _ accumulator: IntAccumulator) throws(UnsupportedFlow) -> Stream
    func reduce(_ source: Stream, seed: Int, _ accumulator: IntAccumulator) throws(UnsupportedFlow) -> Stream
    func take(_ source: Stream, count: Int) throws(UnsupportedFlow) -> Stream
    func skip(_ source: Stream, count: Int) throws(UnsupportedFlow) -> Stream
    func distinctUntilChanged(_ source: Stream) throws(UnsupportedFlow) -> Stream
    func distinctUntilChangedByKey(_ source: Stream, _ key: IntKey) throws(UnsupportedFlow) -> Stream
    func distinctUntilChangedByComparer(_ source: Stream, _ equivalence: IntEquivalence) throws(UnsupportedFlow)
        -> Stream
    func startWith(_ source: Stream, _ values: [Int]) throws(UnsupportedFlow) -> Stream
    func tap(_ source: Stream, _ hooks: TapHooks) throws(UnsupportedFlow) -> Stream
    func asyncMap(_ source: Stream, _ transform: AsyncTransform) throws(UnsupportedFlow) -> Stream
    func asyncFilter(_ source: Stream, _ predicate: AsyncPredicate) throws(UnsupportedFlow) -> Stream
    func retry(_ source: Stream, attempts: Int) throws(UnsupportedFlow) -> Stream
    func catchError(_ source: Stream, _ recovery: FlowRecovery<Self>) throws(UnsupportedFlow) -> Stream
    /// The row's scheduler for `spec`, or nil where the row writes no operator for it (the stream is used
    /// as it is). `operation` is `subscribeOn` or `observeOn`, for a refusal.
    func scheduler(_ spec: SchedulerSpec, for operation: String) throws(UnsupportedFlow) -> Scheduler?
    func subscribeOn(_ source: Stream, _ scheduler: Scheduler) throws(UnsupportedFlow) -> Stream
    func observeOn(_ source: Stream, _ scheduler: Scheduler) throws(UnsupportedFlow) -> Stream

    // MARK: Throwing transforms (defaults: the libraries whose closures cannot throw, where one exists)

    func tryMap(_ source: Stream, _ transform: ThrowingIntTransform) throws(UnsupportedFlow) -> Stream
    func tryFilter(_ source: Stream, _ predicate: ThrowingIntPredicate) throws(UnsupportedFlow) -> Stream
    func tryScan(_ source: Stream, seed: Int, _ accumulator: ThrowingIntAccumulator) throws(UnsupportedFlow) -> Stream
    func tryReduce(_ source: Stream, seed: Int, _ accumulator: ThrowingIntAccumulator) throws(UnsupportedFlow)
        -> Stream
    func tryDistinctUntilChangedByKey(_ source: Stream, _ key: ThrowingIntKey) throws(UnsupportedFlow) -> Stream
    func tryDistinctUntilChangedByComparer(_ source: Stream, _ equivalence: ThrowingIntEquivalence)
        throws(UnsupportedFlow) -> Stream
    /// Default: `flatMap` whose selector returns a failing inner flow where the throwing one throws.
    func tryFlatMap(_ source: Stream, _ inner: ThrowingInnerFlows<Self>) throws(UnsupportedFlow) -> Stream
    /// Default: `flatMapLatest` whose selector returns a failing inner flow where the throwing one throws.
    func tryFlatMapLatest(_ source: Stream, _ inner: ThrowingInnerFlows<Self>) throws(UnsupportedFlow) -> Stream
    /// Default: `catchError` whose handler returns a failing continuation where the throwing one throws.
    func tryCatchError(_ source: Stream, _ recovery: ThrowingFlowRecovery<Self>) throws(UnsupportedFlow) -> Stream
    /// Default: `Flow.usingFailingFactories`, translated.
    func tryUsing(_ hooks: ThrowingResourceHooks, _ body: ThrowingResourceBody<Self>) throws(UnsupportedFlow)
        -> Stream

    // MARK: Several inputs

    func merge(_ sources: FlowInputs<Self>) throws(UnsupportedFlow) -> Stream
    func concat(_ sources: FlowInputs<Self>) throws(UnsupportedFlow) -> Stream
    func flatMap(_ source: Stream, _ inner: InnerFlows<Self>) throws(UnsupportedFlow) -> Stream
    /// A selector whose every inner flow is `just(value(x))` (`FlowSelector.returnsJust`): the row's native
    /// `just` built in the selector, as a user's `flatMap { just(f($0)) }`. Default: the general `flatMap`.
    func flatMapJust(_ source: Stream, _ value: IntTransform) throws(UnsupportedFlow) -> Stream
    func flatMapLatest(_ source: Stream, _ inner: InnerFlows<Self>) throws(UnsupportedFlow) -> Stream
    /// As `flatMapJust`, for `flatMapLatest`.
    func flatMapLatestJust(_ source: Stream, _ value: IntTransform) throws(UnsupportedFlow) -> Stream
    /// Any number of inputs: the form the skeleton uses where the row has no arity form for the count.
    func combineLatest(_ sources: [Stream], _ combiner: IntCombiner) throws(UnsupportedFlow) -> Stream
    /// The library's arity forms, for two to four inputs. Default: nil, no such form; the array form is then
    /// handed the inputs already translated into one array, so a row without arity forms makes no second one.
    func combineLatest(_ a: Stream, _ b: Stream, _ combiner: IntCombiner) throws(UnsupportedFlow) -> Stream?
    func combineLatest(_ a: Stream, _ b: Stream, _ c: Stream, _ combiner: IntCombiner) throws(UnsupportedFlow)
        -> Stream?
    func combineLatest(_ a: Stream, _ b: Stream, _ c: Stream, _ d: Stream, _ combiner: IntCombiner)
        throws(UnsupportedFlow) -> Stream?
    /// Any number of inputs: the form the skeleton uses where the row has no arity form for the count.
    func zip(_ sources: [Stream], _ combiner: IntCombiner) throws(UnsupportedFlow) -> Stream
    /// The library's arity forms, for two to four inputs. Default: nil, as for `combineLatest`.
    func zip(_ a: Stream, _ b: Stream, _ combiner: IntCombiner) throws(UnsupportedFlow) -> Stream?
    func zip(_ a: Stream, _ b: Stream, _ c: Stream, _ combiner: IntCombiner) throws(UnsupportedFlow) -> Stream?
    func zip(_ a: Stream, _ b: Stream, _ c: Stream, _ d: Stream, _ combiner: IntCombiner) throws(UnsupportedFlow)
        -> Stream?
    func takeUntil(_ source: Stream, trigger: Stream) throws(UnsupportedFlow) -> Stream
    func using(_ hooks: ResourceHooks, _ body: ResourceBody<Self>) throws(UnsupportedFlow) -> Stream

    // MARK: One result (docs/decisions/single.md)

    func single(_ producer: SingleProducer) throws(UnsupportedFlow) -> OneResult
    func asSingle(_ source: Stream) throws(UnsupportedFlow) -> OneResult
    func singleFlatMap(_ source: OneResult, _ next: NextRequests<Self>) throws(UnsupportedFlow) -> OneResult
    /// `map` where a one-result flow is expected (the trait's own `map`). Default, without a trait: `map`.
    func mapOneResult(_ source: OneResult, _ transform: IntTransform) throws(UnsupportedFlow) -> OneResult
    /// Any other flow where a one-result flow is expected (the source of `singleFlatMap`): its stream
    /// without a trait (the default); nil with one, which only `single`, `asSingle`, `map` and
    /// `singleFlatMap` make. Nil translates nothing, so a row may ask for a flow's one result first.
    func otherOneResult(_ flow: Flow) throws(UnsupportedFlow) -> OneResult?
    /// A one-result flow used as a stream. Default, without a trait: itself.
    func stream(ofOneResult result: OneResult) -> Stream
    /// A next request the row cannot express, where it is made (inside `singleFlatMap`'s selector).
    func failedOneResult(_ error: BenchError) -> OneResult

    // MARK: Feedback

    /// RxFeedback's `system`; each feedback is translated with the row's state stream as `.feedbackState`.
    func system(initial: Int, reduce: IntAccumulator, feedbacks: Feedbacks<Self>) throws(UnsupportedFlow) -> Stream
}

// MARK: - The recursion, written once

extension FlowMapping {
    /// Translates `flow` into the row's native stream.
    @inlinable
    public func stream(for flow: Flow) throws(UnsupportedFlow) -> Stream {
        if let refusal = refusal(of: flow) { throw refusal }
        switch flow {
        case .just(let value): return try just(value)
        case .from(let values): return try from(values)
        case .empty: return try empty()
        case .never: return try never()
        case .fail(let error): return fail(error)
        case .create(let emitter): return try create(emitter)
        case .deferred(let factory): return try deferred(DeferredFlow(mapping: self, maker: factory))
        case .subject(let index): return try subject(index)

        case .map(let source, let transform): return try map(stream(for: source), transform)
        case .compactMap(let source, let transform): return try compactMap(stream(for: source), transform)
        case .filter(let source, let predicate): return try filter(stream(for: source), predicate)
        case .scan(let source, let seed, let accumulator): return try scan(stream(for: source), seed: seed, accumulator)
        case .reduce(let source, let seed, let accumulator):
            return try reduce(stream(for: source), seed: seed, accumulator)
        case .take(let source, let count): return try take(stream(for: source), count: count)
        case .skip(let source, let count): return try skip(stream(for: source), count: count)
        case .distinctUntilChanged(let source): return try distinctUntilChanged(stream(for: source))
        case .distinctUntilChangedByKey(let source, let key): return try distinctUntilChangedByKey(stream(for: source), key)
        case .distinctUntilChangedByComparer(let source, let equivalence):
            return try distinctUntilChangedByComparer(stream(for: source), equivalence)

        case .tryMap(let source, let transform): return try tryMap(stream(for: source), transform)
        case .tryFilter(let source, let predicate): return try tryFilter(stream(for: source), predicate)
        case .tryScan(let source, let seed, let accumulator):
            return try tryScan(stream(for: source), seed: seed, accumulator)
        case .tryReduce(let source, let seed, let accumulator):
            return try tryReduce(stream(for: source), seed: seed, accumulator)
        case .tryFlatMap(let source, let selector):
            return try tryFlatMap(stream(for: source), ThrowingInnerFlows(mapping: self, maker: selector))
        case .tryFlatMapLatest(let source, let selector):
            return try tryFlatMapLatest(stream(for: source), ThrowingInnerFlows(mapping: self, maker: selector))
        case .tryDistinctUntilChangedByKey(let source, let key):
            return try tryDistinctUntilChangedByKey(stream(for: source), key)
        case .tryDistinctUntilChangedByComparer(let source, let equivalence):
            return try tryDistinctUntilChangedByComparer(stream(for: source), equivalence)
        case .tryCatchError(let source, let handler):
            return try tryCatchError(stream(for: source), ThrowingFlowRecovery(mapping: self, maker: handler))
        case .tryUsing(let hooks, let body):
            return try tryUsing(hooks, ThrowingResourceBody(mapping: self, maker: body))

        case .startWith(let source, let values): return try startWith(stream(for: source), values)
        case .tap(let source, let hooks): return try tap(stream(for: source), hooks)
        case .asyncMap(let source, let transform): return try asyncMap(stream(for: source), transform)
        case .asyncFilter(let source, let predicate): return try asyncFilter(stream(for: source), predicate)
        case .retry(let source, let attempts): return try retry(stream(for: source), attempts: attempts)
        case .catchError(let source, let handler):
            return try catchError(stream(for: source), FlowRecovery(mapping: self, maker: handler))
        case .subscribeOn(let source, let spec):
            let upstream = try stream(for: source)
            guard let scheduler = try scheduler(spec, for: "subscribeOn") else { return upstream }
            return try subscribeOn(upstream, scheduler)
        case .observeOn(let source, let spec):
            let upstream = try stream(for: source)
            guard let scheduler = try scheduler(spec, for: "observeOn") else { return upstream }
            return try observeOn(upstream, scheduler)

        case .merge(let sources): return try merge(FlowInputs(mapping: self, flows: sources))
        case .concat(let sources): return try concat(FlowInputs(mapping: self, flows: sources))
        case .flatMap(let source, let selector) where selector.returnsJust:
            return try flatMapJust(stream(for: source), selector.justValue)
        case .flatMap(let source, let selector):
            return try flatMap(stream(for: source), InnerFlows(mapping: self, maker: selector))
        case .flatMapLatest(let source, let selector) where selector.returnsJust:
            return try flatMapLatestJust(stream(for: source), selector.justValue)
        case .flatMapLatest(let source, let selector):
            return try flatMapLatest(stream(for: source), InnerFlows(mapping: self, maker: selector))
        case .combineLatest(let sources, let combiner):
            let inputs = try streams(for: sources)
            let arityForm: Stream? =
                switch inputs.count {
                case 2: try combineLatest(inputs[0], inputs[1], combiner)
                case 3: try combineLatest(inputs[0], inputs[1], inputs[2], combiner)
                case 4: try combineLatest(inputs[0], inputs[1], inputs[2], inputs[3], combiner)
                default: nil
                }
            if let arityForm { return arityForm }
            return try combineLatest(inputs, combiner)
        case .zip(let sources, let combiner):
            let inputs = try streams(for: sources)
            let arityForm: Stream? =
                switch inputs.count {
                case 2: try zip(inputs[0], inputs[1], combiner)
                case 3: try zip(inputs[0], inputs[1], inputs[2], combiner)
                case 4: try zip(inputs[0], inputs[1], inputs[2], inputs[3], combiner)
                default: nil
                }
            if let arityForm { return arityForm }
            return try zip(inputs, combiner)
        case .takeUntil(let source, let trigger): return try takeUntil(stream(for: source), trigger: stream(for: trigger))
        case .using(let hooks, let body): return try using(hooks, ResourceBody(mapping: self, maker: body))

        case .system(let initial, let reduce, let feedbacks):
            return try system(initial: initial, reduce: reduce, feedbacks: Feedbacks(mapping: self, flows: feedbacks))
        case .feedbackState:
            // Outside a `.system` there is no state stream: a malformed flow, reported as an error.
            return feedbackState ?? fail(.foreign)

        case .single, .asSingle, .singleFlatMap:
            guard let result = try oneResult(for: flow) else { return fail(.foreign) }
            return stream(ofOneResult: result)
        }
    }

    /// `flow` where a one-result flow is expected; nil where the row's trait has no such flow.
    @inlinable
    public func oneResult(for flow: Flow) throws(UnsupportedFlow) -> OneResult? {
        switch flow {
        case .single(let producer):
            return try single(producer)
        case .asSingle(let source):
            return try asSingle(stream(for: source))
        case .singleFlatMap(let source, let selector):
            guard let first = try oneResult(for: source) else { return nil }
            return try singleFlatMap(first, NextRequests(mapping: self, maker: selector))
        case .map(let source, let transform):
            guard let result = try oneResult(for: source) else { return nil }
            return try mapOneResult(result, transform)
        default:
            return try otherOneResult(flow)
        }
    }

    /// The flows in order, translated into one array.
    @inlinable
    public func streams(for flows: [Flow]) throws(UnsupportedFlow) -> [Stream] {
        try flows.map { (flow) throws(UnsupportedFlow) in try stream(for: flow) }
    }

    /// For flows made at subscription time (factories, selectors, handlers), inside the library's closures,
    /// which cannot throw `UnsupportedFlow`: a flow the row cannot express fails the stream with
    /// `BenchError.foreign`.
    @inlinable
    public func translatedOrFailing(_ flow: Flow) -> Stream {
        do { return try stream(for: flow) } catch { return fail(.foreign) }
    }
}

// MARK: - Defaults

extension FlowMapping {
    @inlinable
    public var feedbackState: Stream? {
        get { nil }
        set {}
    }

    @inlinable
    public func unsupported(_ operation: String) -> UnsupportedFlow {
        UnsupportedFlow(engine: engineName, operation: "\(operation): \(engineName) has no such operator")
    }

    @inlinable
    public func refusal(of flow: Flow) -> UnsupportedFlow? { nil }

    @inlinable
    public func just(_ value: Int) throws(UnsupportedFlow) -> Stream { throw unsupported("just") }
    @inlinable
    public func from(_ values: [Int]) throws(UnsupportedFlow) -> Stream { throw unsupported("from") }
    @inlinable
    public func empty() throws(UnsupportedFlow) -> Stream { throw unsupported("empty") }
    @inlinable
    public func never() throws(UnsupportedFlow) -> Stream { throw unsupported("never") }
    @inlinable
    public func create(_ emitter: Emitter) throws(UnsupportedFlow) -> Stream { throw unsupported("create") }
    @inlinable
    public func deferred(_ flow: DeferredFlow<Self>) throws(UnsupportedFlow) -> Stream { throw unsupported("deferred") }
    @inlinable
    public func subject(_ index: Int) throws(UnsupportedFlow) -> Stream { throw unsupported("subject") }

    @inlinable
    public func map(_ source: Stream, _ transform: IntTransform) throws(UnsupportedFlow) -> Stream {
        throw unsupported("map")
    }
    @inlinable
    public func compactMap(_ source: Stream, _ transform: IntPartialTransform) throws(UnsupportedFlow) -> Stream {
        throw unsupported("compactMap")
    }
    @inlinable
    public func filter(_ source: Stream, _ predicate: IntPredicate) throws(UnsupportedFlow) -> Stream {
        throw unsupported("filter")
    }
    @inlinable
    public func scan(_ source: Stream, seed: Int, _ accumulator: IntAccumulator) throws(UnsupportedFlow) -> Stream {
        throw unsupported("scan")
    }
    @inlinable
    public func reduce(_ source: Stream, seed: Int, _ accumulator: IntAccumulator) throws(UnsupportedFlow) -> Stream {
        throw unsupported("reduce")
    }
    @inlinable
    public func take(_ source: Stream, count: Int) throws(UnsupportedFlow) -> Stream { throw unsupported("take") }
    @inlinable
    public func skip(_ source: Stream, count: Int) throws(UnsupportedFlow) -> Stream { throw unsupported("skip") }
    @inlinable
    public func distinctUntilChanged(_ source: Stream) throws(UnsupportedFlow) -> Stream {
        throw unsupported("distinctUntilChanged")
    }
    @inlinable
    public func distinctUntilChangedByKey(_ source: Stream, _ key: IntKey) throws(UnsupportedFlow) -> Stream {
        throw unsupported("distinctUntilChangedByKey")
    }
    @inlinable
    public func distinctUntilChangedByComparer(_ source: Stream, _ equivalence: IntEquivalence)
        throws(UnsupportedFlow) -> Stream
    {
        throw unsupported("distinctUntilChangedByComparer")
    }
    @inlinable
    public func startWith(_ source: Stream, _ values: [Int]) throws(UnsupportedFlow) -> Stream {
        throw unsupported("startWith")
    }
    @inlinable
    public func tap(_ source: Stream, _ hooks: TapHooks) throws(UnsupportedFlow) -> Stream { throw unsupported("tap") }
    @inlinable
    public func asyncMap(_ source: Stream, _ transform: AsyncTransform) throws(UnsupportedFlow) -> Stream {
        throw unsupported("asyncMap")
    }
    @inlinable
    public func asyncFilter(_ source: Stream, _ predicate: AsyncPredicate) throws(UnsupportedFlow) -> Stream {
        throw unsupported("asyncFilter")
    }
    @inlinable
    public func retry(_ source: Stream, attempts: Int) throws(UnsupportedFlow) -> Stream { throw unsupported("retry") }
    @inlinable
    public func catchError(_ source: Stream, _ recovery: FlowRecovery<Self>) throws(UnsupportedFlow) -> Stream {
        throw unsupported("catchError")
    }
    @inlinable
    public func scheduler(_ spec: SchedulerSpec, for operation: String) throws(UnsupportedFlow) -> Scheduler? {
        throw unsupported(operation)
    }
    @inlinable
    public func subscribeOn(_ source: Stream, _ scheduler: Scheduler) throws(UnsupportedFlow) -> Stream {
        throw unsupported("subscribeOn")
    }
    @inlinable
    public func observeOn(_ source: Stream, _ scheduler: Scheduler) throws(UnsupportedFlow) -> Stream {
        throw unsupported("observeOn")
    }

    @inlinable
    public func tryMap(_ source: Stream, _ transform: ThrowingIntTransform) throws(UnsupportedFlow) -> Stream {
        throw unsupported("tryMap")
    }
    @inlinable
    public func tryFilter(_ source: Stream, _ predicate: ThrowingIntPredicate) throws(UnsupportedFlow) -> Stream {
        throw unsupported("tryFilter")
    }
    @inlinable
    public func tryScan(_ source: Stream, seed: Int, _ accumulator: ThrowingIntAccumulator) throws(UnsupportedFlow)
        -> Stream
    {
        throw unsupported("tryScan")
    }
    @inlinable
    public func tryReduce(_ source: Stream, seed: Int, _ accumulator: ThrowingIntAccumulator) throws(UnsupportedFlow)
        -> Stream
    {
        throw unsupported("tryReduce")
    }
    @inlinable
    public func tryDistinctUntilChangedByKey(_ source: Stream, _ key: ThrowingIntKey) throws(UnsupportedFlow) -> Stream {
        throw unsupported("tryDistinctUntilChangedByKey")
    }
    @inlinable
    public func tryDistinctUntilChangedByComparer(_ source: Stream, _ equivalence: ThrowingIntEquivalence)
        throws(UnsupportedFlow) -> Stream
    {
        throw unsupported("tryDistinctUntilChangedByComparer")
    }
    @inlinable
    public func tryFlatMap(_ source: Stream, _ inner: ThrowingInnerFlows<Self>) throws(UnsupportedFlow) -> Stream {
        do {
            return try flatMap(source, InnerFlows(mapping: self, maker: inner.maker.failingInner))
        } catch {
            throw error.behind("tryFlatMap")
        }
    }
    @inlinable
    public func tryFlatMapLatest(_ source: Stream, _ inner: ThrowingInnerFlows<Self>) throws(UnsupportedFlow) -> Stream {
        do {
            return try flatMapLatest(source, InnerFlows(mapping: self, maker: inner.maker.failingInner))
        } catch {
            throw error.behind("tryFlatMapLatest")
        }
    }
    @inlinable
    public func tryCatchError(_ source: Stream, _ recovery: ThrowingFlowRecovery<Self>) throws(UnsupportedFlow)
        -> Stream
    {
        do {
            return try catchError(source, FlowRecovery(mapping: self, maker: recovery.maker.failingContinuation))
        } catch {
            throw error.behind("tryCatchError")
        }
    }
    @inlinable
    public func tryUsing(_ hooks: ThrowingResourceHooks, _ body: ThrowingResourceBody<Self>) throws(UnsupportedFlow)
        -> Stream
    {
        do { return try stream(for: .usingFailingFactories(hooks, body.maker)) } catch { throw error.behind("tryUsing") }
    }

    @inlinable
    public func merge(_ sources: FlowInputs<Self>) throws(UnsupportedFlow) -> Stream { throw unsupported("merge") }
    @inlinable
    public func concat(_ sources: FlowInputs<Self>) throws(UnsupportedFlow) -> Stream { throw unsupported("concat") }
    @inlinable
    public func flatMap(_ source: Stream, _ inner: InnerFlows<Self>) throws(UnsupportedFlow) -> Stream {
        throw unsupported("flatMap")
    }
    @inlinable
    public func flatMapJust(_ source: Stream, _ value: IntTransform) throws(UnsupportedFlow) -> Stream {
        try flatMap(source, InnerFlows(mapping: self, maker: .just(mapping: value)))
    }
    @inlinable
    public func flatMapLatest(_ source: Stream, _ inner: InnerFlows<Self>) throws(UnsupportedFlow) -> Stream {
        throw unsupported("flatMapLatest")
    }
    @inlinable
    public func flatMapLatestJust(_ source: Stream, _ value: IntTransform) throws(UnsupportedFlow) -> Stream {
        try flatMapLatest(source, InnerFlows(mapping: self, maker: .just(mapping: value)))
    }
    @inlinable
    public func combineLatest(_ sources: [Stream], _ combiner: IntCombiner) throws(UnsupportedFlow) -> Stream {
        throw unsupported("combineLatest")
    }
    @inlinable
    public func combineLatest(_ a: Stream, _ b: Stream, _ combiner: IntCombiner) throws(UnsupportedFlow) -> Stream? {
        nil
    }
    @inlinable
    public func combineLatest(_ a: Stream, _ b: Stream, _ c: Stream, _ combiner: IntCombiner) throws(UnsupportedFlow)
        -> Stream?
    {
        nil
    }
    @inlinable
    public func combineLatest(_ a: Stream, _ b: Stream, _ c: Stream, _ d: Stream, _ combiner: IntCombiner)
        throws(UnsupportedFlow) -> Stream?
    {
        nil
    }
    @inlinable
    public func zip(_ sources: [Stream], _ combiner: IntCombiner) throws(UnsupportedFlow) -> Stream {
        throw unsupported("zip")
    }
    @inlinable
    public func zip(_ a: Stream, _ b: Stream, _ combiner: IntCombiner) throws(UnsupportedFlow) -> Stream? { nil }
    @inlinable
    public func zip(_ a: Stream, _ b: Stream, _ c: Stream, _ combiner: IntCombiner) throws(UnsupportedFlow) -> Stream? {
        nil
    }
    @inlinable
    public func zip(_ a: Stream, _ b: Stream, _ c: Stream, _ d: Stream, _ combiner: IntCombiner)
        throws(UnsupportedFlow) -> Stream?
    {
        nil
    }
    @inlinable
    public func takeUntil(_ source: Stream, trigger: Stream) throws(UnsupportedFlow) -> Stream {
        throw unsupported("takeUntil")
    }
    @inlinable
    public func using(_ hooks: ResourceHooks, _ body: ResourceBody<Self>) throws(UnsupportedFlow) -> Stream {
        throw unsupported("using")
    }

    @inlinable
    public func single(_ producer: SingleProducer) throws(UnsupportedFlow) -> OneResult { throw unsupported("single") }
    @inlinable
    public func asSingle(_ source: Stream) throws(UnsupportedFlow) -> OneResult { throw unsupported("asSingle") }
    @inlinable
    public func singleFlatMap(_ source: OneResult, _ next: NextRequests<Self>) throws(UnsupportedFlow) -> OneResult {
        throw unsupported("singleFlatMap")
    }

    @inlinable
    public func system(initial: Int, reduce: IntAccumulator, feedbacks: Feedbacks<Self>) throws(UnsupportedFlow)
        -> Stream
    {
        throw unsupported("system")
    }
}

extension UnsupportedFlow {
    /// The refusal of an operator whose default is written with `operation`'s: names both.
    @inlinable
    public func behind(_ operation: String) -> UnsupportedFlow {
        UnsupportedFlow(engine: engine, operation: "\(operation), as \(self.operation)")
    }
}

extension FlowMapping where OneResult == Stream {
    @inlinable
    public func mapOneResult(_ source: OneResult, _ transform: IntTransform) throws(UnsupportedFlow) -> OneResult {
        try map(source, transform)
    }
    @inlinable
    public func otherOneResult(_ flow: Flow) throws(UnsupportedFlow) -> OneResult? { try stream(for: flow) }
    @inlinable
    public func stream(ofOneResult result: OneResult) -> Stream { result }
    @inlinable
    public func failedOneResult(_ error: BenchError) -> OneResult { fail(error) }
}

// MARK: - Flows translated later, inside the library's closures

/// A flow made later (at subscription, per value, after an error), with the row that translates it then: what
/// a row calls inside the closure it hands its library. One struct, its call per kind of maker below.
public struct LaterFlow<Mapping: FlowMapping, Maker> {
    public let mapping: Mapping
    public let maker: Maker
    @inlinable
    public init(mapping: Mapping, maker: Maker) {
        self.mapping = mapping
        self.maker = maker
    }
}

extension LaterFlow: Sendable where Mapping: Sendable, Maker: Sendable {}

/// The factory of `.deferred`.
public typealias DeferredFlow<Mapping: FlowMapping> = LaterFlow<Mapping, FlowFactory>
/// A flatMap selector.
public typealias InnerFlows<Mapping: FlowMapping> = LaterFlow<Mapping, FlowSelector>
/// A throwing flatMap selector.
public typealias ThrowingInnerFlows<Mapping: FlowMapping> = LaterFlow<Mapping, ThrowingFlowSelector>
/// A catchError handler.
public typealias FlowRecovery<Mapping: FlowMapping> = LaterFlow<Mapping, ErrorHandler>
/// A throwing catchError handler.
public typealias ThrowingFlowRecovery<Mapping: FlowMapping> = LaterFlow<Mapping, ThrowingErrorHandler>
/// The body of `using`.
public typealias ResourceBody<Mapping: FlowMapping> = LaterFlow<Mapping, ResourceFlow>
/// The body of `tryUsing`.
public typealias ThrowingResourceBody<Mapping: FlowMapping> = LaterFlow<Mapping, ThrowingResourceFlow>
/// The selector of `singleFlatMap`.
public typealias NextRequests<Mapping: FlowMapping> = LaterFlow<Mapping, SingleSelector>

extension LaterFlow where Maker == FlowFactory {
    /// Runs the factory and translates its flow (at subscription).
    @inlinable
    public func make() -> Mapping.Stream { mapping.translatedOrFailing(maker.make()) }
}

extension LaterFlow where Maker == FlowSelector {
    @inlinable
    public var selector: FlowSelector { maker }
    /// The inner stream for `value`.
    @inlinable
    public func callAsFunction(_ value: Int) -> Mapping.Stream { mapping.translatedOrFailing(maker.select(value)) }
}

extension LaterFlow where Maker == ThrowingFlowSelector {
    @inlinable
    public var selector: ThrowingFlowSelector { maker }
    /// The inner stream for `value`, or the selector's error.
    @inlinable
    public func callAsFunction(_ value: Int) throws(BenchError) -> Mapping.Stream {
        mapping.translatedOrFailing(try maker.select(value))
    }
}

extension LaterFlow where Maker == ErrorHandler {
    @inlinable
    public var handler: ErrorHandler { maker }
    /// The continuation after `error`.
    @inlinable
    public func callAsFunction(_ error: BenchError) -> Mapping.Stream { mapping.translatedOrFailing(maker.recover(error)) }
}

extension LaterFlow where Maker == ThrowingErrorHandler {
    @inlinable
    public var handler: ThrowingErrorHandler { maker }
    /// The continuation after `error`, or the handler's error.
    @inlinable
    public func callAsFunction(_ error: BenchError) throws(BenchError) -> Mapping.Stream {
        mapping.translatedOrFailing(try maker.recover(error))
    }
}

extension LaterFlow where Maker == ResourceFlow {
    /// The body's stream for the acquired `resource`.
    @inlinable
    public func callAsFunction(_ resource: Int) -> Mapping.Stream { mapping.translatedOrFailing(maker.make(resource)) }
}

extension LaterFlow where Maker == ThrowingResourceFlow {
    /// The body's stream for the acquired `resource`, or the body's error.
    @inlinable
    public func callAsFunction(_ resource: Int) throws(BenchError) -> Mapping.Stream {
        mapping.translatedOrFailing(try maker.make(resource))
    }
}

extension LaterFlow where Maker == SingleSelector {
    @inlinable
    public var selector: SingleSelector { maker }
    /// The request made from `answer`.
    @inlinable
    public func callAsFunction(_ answer: Int) -> Mapping.OneResult {
        do { return try mapping.single(maker.select(answer)) } catch { return mapping.failedOneResult(.foreign) }
    }
}

/// The inputs of `merge` and `concat`, translated when the row asks: all at once (`streams()`), or one by
/// one where the row chains them (`stream(at:)`), so that no array is made that the row does not make.
public struct FlowInputs<Mapping: FlowMapping> {
    public let mapping: Mapping
    public let flows: [Flow]
    @inlinable
    public init(mapping: Mapping, flows: [Flow]) {
        self.mapping = mapping
        self.flows = flows
    }
    @inlinable
    public var count: Int { flows.count }
    @inlinable
    public var isEmpty: Bool { flows.isEmpty }
    @inlinable
    public func stream(at index: Int) throws(UnsupportedFlow) -> Mapping.Stream { try mapping.stream(for: flows[index]) }
    @inlinable
    public func streams() throws(UnsupportedFlow) -> [Mapping.Stream] { try mapping.streams(for: flows) }
}

extension FlowInputs: Sendable where Mapping: Sendable {}

/// The feedbacks of `.system` with the row that translates them against a state stream.
public struct Feedbacks<Mapping: FlowMapping> {
    public let mapping: Mapping
    public let flows: [Flow]
    @inlinable
    public init(mapping: Mapping, flows: [Flow]) {
        self.mapping = mapping
        self.flows = flows
    }
    @inlinable
    public var count: Int { flows.count }
    /// One value per feedback, in one array: where a library's `system` takes one closure per feedback.
    @inlinable
    public func map<Result>(_ transform: (FeedbackLoop<Mapping>) -> Result) -> [Result] {
        let mapping = self.mapping
        return flows.map { transform(FeedbackLoop(mapping: mapping, flow: $0)) }
    }
    /// Every feedback translated against `state`, in one array.
    @inlinable
    public func streams(state: Mapping.Stream) -> [Mapping.Stream] {
        let inner = mapping.withFeedbackState(state)
        return flows.map { inner.translatedOrFailing($0) }
    }
    /// `flow` (a feedback, or several merged) translated against `state`.
    @inlinable
    public func stream(for flow: Flow, state: Mapping.Stream) -> Mapping.Stream {
        mapping.withFeedbackState(state).translatedOrFailing(flow)
    }
}

/// One feedback of `.system` with the row that translates it.
public struct FeedbackLoop<Mapping: FlowMapping> {
    public let mapping: Mapping
    public let flow: Flow
    @inlinable
    public init(mapping: Mapping, flow: Flow) {
        self.mapping = mapping
        self.flow = flow
    }
    /// The feedback's mutations, given the state stream.
    @inlinable
    public func callAsFunction(_ state: Mapping.Stream) -> Mapping.Stream {
        mapping.withFeedbackState(state).translatedOrFailing(flow)
    }
}

extension FlowMapping {
    /// This row with `state` as the state stream of `.feedbackState`.
    @inlinable
    public func withFeedbackState(_ state: Stream) -> Self {
        var inner = self
        inner.feedbackState = state
        return inner
    }
}

extension Feedbacks: Sendable where Mapping: Sendable {}
extension FeedbackLoop: Sendable where Mapping: Sendable {}
