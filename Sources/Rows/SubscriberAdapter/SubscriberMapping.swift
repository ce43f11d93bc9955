import RxBenchCore
import SubscriberEngine

/// The subscriber engine's operator for each `Flow` operator, shared by every variant; they differ only in
/// which `map`, `filter` and `take` it calls and in how asyncMap/asyncFilter end their inner signal. The
/// recursion is `FlowMapping`'s.
struct SubscriberMapping: FlowMapping, Sendable {
    typealias Stream = RACSignal<Int>

    enum Operators: Sendable {
        /// RACStream's: `bind` stages.
        case bind
        /// Direct subscribers (`mapDirect`, `filterDirect`, `takeDirect`).
        case direct
    }

    /// How asyncMap and asyncFilter make their per-value inner signal (the RAC extension has both).
    enum AsyncStyle: Sendable {
        /// A one-time signal whose subscriber completes itself after its first value.
        case oneTime
        /// The reply signal limited with `take(1)`.
        case takeOne
    }

    let operators: Operators
    var asyncStyle: AsyncStyle = .oneTime
    let subjects: [SubscriberSubject]
    var feedbackState: RACSignal<Int>? = nil

    init(operators: Operators, subjects: [SubscriberSubject]) {
        self.operators = operators
        self.subjects = subjects
    }

    /// The blocks of `subscribeNext:error:completed:`, made once per observer.
    static func blocks(_ observer: EventObserver) -> SubscriberBlocks<Int> {
        let error = observer.error
        return SubscriberBlocks(next: observer.next, error: { error(benchError($0)) }, completed: observer.completed)
    }

    static func subscribe(_ stream: RACSignal<Int>, _ blocks: SubscriberBlocks<Int>) -> Disposable? {
        stream.subscribeNext(blocks.next, error: blocks.error, completed: blocks.completed)
    }

    static var liveObjects: Int? { LiveObjects.current }

    var engineName: String { "subscriber" }

    func just(_ value: Int) -> Stream { .return(value) }
    func from(_ values: [Int]) -> Stream { .from(values) }
    func empty() -> Stream { .empty }
    func never() -> Stream { .never }
    func fail(_ error: BenchError) -> Stream { .error(error) }
    func deferred(_ flow: DeferredFlow<Self>) -> Stream { .defer { flow.make() } }
    func subject(_ index: Int) -> Stream { subjects[index].signal }

    func map(_ source: Stream, _ transform: IntTransform) -> Stream { mapValues(source, transform) }
    func compactMap(_ source: Stream, _ transform: IntPartialTransform) -> Stream { source.filterMap(transform.apply) }
    func filter(_ source: Stream, _ predicate: IntPredicate) -> Stream {
        switch operators {
        case .bind: source.filter(predicate.test)
        case .direct: source.filterDirect(predicate.test)
        }
    }
    func scan(_ source: Stream, seed: Int, _ accumulator: IntAccumulator) -> Stream {
        source.scan(withStart: seed, reduce: accumulator.combine)
    }
    func reduce(_ source: Stream, seed: Int, _ accumulator: IntAccumulator) -> Stream {
        source.aggregate(withStart: seed, reduce: accumulator.combine)
    }
    func take(_ source: Stream, count: Int) -> Stream {
        switch operators {
        case .bind: source.take(count)
        case .direct: source.takeDirect(count)
        }
    }
    func skip(_ source: Stream, count: Int) -> Stream { source.skip(count) }
    func distinctUntilChanged(_ source: Stream) -> Stream { source.distinctUntilChanged() }
    // RACStream's `-distinctUntilChanged` compares with `-isEqual:` only; RAC users write the key or
    // comparer into the same `bind`.
    func distinctUntilChangedByKey(_ source: Stream, _ key: IntKey) -> Stream {
        let keyOf = key.function
        return source.distinctUntilChanged(isEqual: { keyOf($0) == keyOf($1) })
    }
    func distinctUntilChangedByComparer(_ source: Stream, _ equivalence: IntEquivalence) -> Stream {
        source.distinctUntilChanged(isEqual: equivalence.areEqual)
    }
    // RAC's blocks report failure through an error out-parameter and a `nil` answer (`-tryMap:`).
    func tryMap(_ source: Stream, _ transform: ThrowingIntTransform) -> Stream {
        source.tryMap { value, errorPtr in
            do throws(BenchError) { return try transform.apply(value) } catch { errorPtr = error; return nil }
        }
    }
    func tryFilter(_ source: Stream, _ predicate: ThrowingIntPredicate) -> Stream {
        source.tryFilter { value, errorPtr in
            do throws(BenchError) { return try predicate.test(value) } catch { errorPtr = error; return nil }
        }
    }
    // RAC's blocks cannot throw: tryFlatMap, tryFlatMapLatest, tryCatchError and tryUsing are the defaults, a
    // failure returned as `[RACSignal error:]`, as `-tryMap:` does.
    // The key or comparer block reports failure through the out-parameter, as `-tryMap:`'s does.
    func tryDistinctUntilChangedByKey(_ source: Stream, _ key: ThrowingIntKey) -> Stream {
        source.tryDistinctUntilChanged(key: { value, errorPtr in
            do throws(BenchError) { return try key.key(value) } catch { errorPtr = error; return nil }
        })
    }
    func tryDistinctUntilChangedByComparer(_ source: Stream, _ equivalence: ThrowingIntEquivalence) -> Stream {
        source.tryDistinctUntilChanged(isEqual: { previous, value, errorPtr in
            do throws(BenchError) { return try equivalence.areEqual(previous, value) } catch { errorPtr = error; return nil }
        })
    }
    func tryReduce(_ source: Stream, seed: Int, _ accumulator: ThrowingIntAccumulator) -> Stream {
        source.tryAggregate(withStart: seed) { running, value, errorPtr in
            do throws(BenchError) {
                return try accumulator.combine(running, value)
            } catch {
                errorPtr = error
                return nil
            }
        }
    }
    func tryScan(_ source: Stream, seed: Int, _ accumulator: ThrowingIntAccumulator) -> Stream {
        source.tryScan(withStart: seed) { running, value, errorPtr in
            do throws(BenchError) {
                return try accumulator.combine(running, value)
            } catch {
                errorPtr = error
                return nil
            }
        }
    }
    func startWith(_ source: Stream, _ values: [Int]) -> Stream { source.startWith(values) }
    func asyncMap(_ source: Stream, _ transform: AsyncTransform) -> Stream {
        let start: (Int, @escaping (Int) -> Void) -> Void = { value, reply in transform.start(value) { reply($0) } }
        return asyncStyle == .oneTime ? source.asyncMap(start) : source.asyncMapUsingTake(start)
    }
    func asyncFilter(_ source: Stream, _ predicate: AsyncPredicate) -> Stream {
        let start: (Int, @escaping (Bool) -> Void) -> Void = { value, reply in predicate.start(value) { reply($0) } }
        return asyncStyle == .oneTime ? source.asyncFilter(start) : source.asyncFilterUsingTake(start)
    }
    func retry(_ source: Stream, attempts: Int) -> Stream { source.retry(max(attempts - 1, 0)) }
    func catchError(_ source: Stream, _ recovery: FlowRecovery<Self>) -> Stream {
        source.catch { error in recovery(benchError(error)) }
    }
    func scheduler(_ spec: SchedulerSpec, for operation: String) -> SubscriberEngine.Scheduler? {
        switch spec {
        case .immediate: .immediate
        case .trampoline: .trampoline
        case .serial(let queue): .queue(queue)
        }
    }
    func subscribeOn(_ source: Stream, _ scheduler: SubscriberEngine.Scheduler) -> Stream {
        source.subscribeOn(scheduler)
    }
    func observeOn(_ source: Stream, _ scheduler: SubscriberEngine.Scheduler) -> Stream { source.deliverOn(scheduler) }

    func merge(_ sources: FlowInputs<Self>) throws(UnsupportedFlow) -> Stream { .merge(try sources.streams()) }
    func concat(_ sources: FlowInputs<Self>) throws(UnsupportedFlow) -> Stream { .concat(try sources.streams()) }
    func flatMapJust(_ source: Stream, _ value: IntTransform) -> Stream {
        let value = value.function
        return source.flattenMap { RACSignal.return(value($0)) }
    }
    func flatMap(_ source: Stream, _ inner: InnerFlows<Self>) -> Stream { source.flattenMap { inner($0) } }
    func flatMapLatestJust(_ source: Stream, _ value: IntTransform) -> Stream {
        let value = value.function
        return mapValues(source) { RACSignal.return(value($0)) }.switchToLatest()
    }
    func flatMapLatest(_ source: Stream, _ inner: InnerFlows<Self>) -> Stream {
        mapValues(source) { inner($0) }.switchToLatest()
    }
    func combineLatest(_ a: Stream, _ b: Stream, _ combiner: IntCombiner) -> Stream? {
        .combineLatest(a, b, reduce: combiner.arity2)
    }
    func combineLatest(_ a: Stream, _ b: Stream, _ c: Stream, _ combiner: IntCombiner) -> Stream? {
        .combineLatest(a, b, c, reduce: combiner.arity3)
    }
    func combineLatest(_ a: Stream, _ b: Stream, _ c: Stream, _ d: Stream, _ combiner: IntCombiner) -> Stream? {
        .combineLatest(a, b, c, d, reduce: combiner.arity4)
    }
    func combineLatest(_ sources: [Stream], _ combiner: IntCombiner) -> Stream {
        sources.isEmpty ? .empty : RACSignal<[Int]>.combineLatest(sources).map(combiner.combine)
    }
    func zip(_ a: Stream, _ b: Stream, _ combiner: IntCombiner) -> Stream? { .zip(a, b, reduce: combiner.arity2) }
    func zip(_ a: Stream, _ b: Stream, _ c: Stream, _ combiner: IntCombiner) -> Stream? {
        .zip(a, b, c, reduce: combiner.arity3)
    }
    func zip(_ a: Stream, _ b: Stream, _ c: Stream, _ d: Stream, _ combiner: IntCombiner) -> Stream? {
        .zip(a, b, c, d, reduce: combiner.arity4)
    }
    func zip(_ sources: [Stream], _ combiner: IntCombiner) -> Stream {
        sources.isEmpty ? .empty : RACSignal<[Int]>.zip(sources).map(combiner.combine)
    }
    func takeUntil(_ source: Stream, trigger: Stream) -> Stream { source.takeUntil(trigger) }
    func using(_ hooks: ResourceHooks, _ body: ResourceBody<Self>) -> Stream {
        .using(acquire: hooks.acquire, release: hooks.release) { body($0) }
    }

    func system(initial: Int, reduce: IntAccumulator, feedbacks: Feedbacks<Self>) -> Stream {
        .system(initialState: initial, reduce: reduce.combine, feedbacks: feedbacks.map { loop in { state in loop(state) } })
    }

    // One result: a signal that sends one value and completes; callers of a signal that may send more
    // take its first value (`take:1`); the next request is `flattenMap` of the answer.
    func single(_ producer: SingleProducer) -> Stream { request(producer) }
    func asSingle(_ source: Stream) -> Stream { take(source, count: 1) }
    func singleFlatMap(_ source: Stream, _ next: NextRequests<Self>) -> Stream { source.flattenMap { next($0) } }

    /// A request's signal: the create block sends the answer and completes, or sends an error.
    func request(_ producer: SingleProducer) -> RACSignal<Int> {
        switch producer {
        case .success(let value):
            return .createSignal { subscriber in
                subscriber.sendNext(value)
                subscriber.sendCompleted()
                return nil
            }
        case .failure(let error):
            return .createSignal { subscriber in
                subscriber.sendError(error)
                return nil
            }
        case .script(let script):
            return .createSignal { subscriber in
                let action = script(
                    SingleReply(
                        success: {
                            subscriber.sendNext($0)
                            subscriber.sendCompleted()
                        },
                        failure: { subscriber.sendError($0) }))
                return Disposable(action.run)
            }
        }
    }

    /// The variant's `map` for values. It takes the flow's transform, not a `(Int) -> Int`, so that the closure
    /// reaches the engine's generic `map` at the abstraction the flow stores it at, as a user's closure would,
    /// without a reabstraction thunk made here per translation (FlowClosures.swift).
    func mapValues(_ source: RACSignal<Int>, _ transform: IntTransform) -> RACSignal<Int> {
        switch operators {
        case .bind: source.map(transform.apply)
        case .direct: source.mapDirect(transform.apply)
        }
    }

    func mapValues<Result>(_ source: RACSignal<Int>, _ transform: @escaping (Int) -> Result) -> RACSignal<Result> {
        switch operators {
        case .bind: source.map(transform)
        case .direct: source.mapDirect(transform)
        }
    }

    /// The pump of the *Pumping workloads runs inside the create block, calling the passthrough subscriber.
    func create(_ emitter: Emitter) -> RACSignal<Int> {
        switch emitter {
        case .repeating(let value, let count, let thenComplete):
            return .createSignal { subscriber in
                for _ in 0..<count {
                    if subscriber.isDisposed { return nil }
                    subscriber.sendNext(value)
                }
                if thenComplete { subscriber.sendCompleted() }
                return nil
            }
        case .counting(let count, let thenComplete):
            return .createSignal { subscriber in
                for value in 0..<count {
                    if subscriber.isDisposed { return nil }
                    subscriber.sendNext(value)
                }
                if thenComplete { subscriber.sendCompleted() }
                return nil
            }
        case .script(let script):
            return .createSignal { subscriber in
                let action = script(
                    EventObserver(
                        next: { subscriber.sendNext($0) },
                        error: { subscriber.sendError($0) },
                        completed: { subscriber.sendCompleted() }))
                return Disposable(action.run)
            }
        }
    }

    func tap(_ source: RACSignal<Int>, _ hooks: TapHooks) -> RACSignal<Int> {
        var result = source
        if hooks.onNext != nil || hooks.onError != nil || hooks.onCompleted != nil {
            let onError = hooks.onError
            result = result.doEvents(
                next: hooks.onNext,
                error: onError.map { hook in { hook(benchError($0)) } },
                completed: hooks.onCompleted)
        }
        if let onDispose = hooks.onDispose { result = result.doDisposed(onDispose) }
        if let onSubscribe = hooks.onSubscribe { result = result.initially(onSubscribe) }
        return result
    }
}

/// Native errors are `BenchError`; anything else is an adapter defect.
func benchError(_ error: any Error) -> BenchError {
    error as? BenchError ?? .foreign
}

/// The three blocks RAC's `subscribeNext:error:completed:` takes, converted once from an `EventObserver`.
/// Generic for how Swift stores `next`: as `subscribeNext` takes it, so that it is not wrapped (EventObserverOf's
/// header).
public struct SubscriberBlocks<Value>: @unchecked Sendable {
    let next: (Value) -> Void
    let error: (Error) -> Void
    let completed: () -> Void
}
