import Dispatch
import RxBenchCore
import SinkEngine

/// The sink engine's operator for each `Flow` operator, as RxSwift code writes it; the recursion is
/// `FlowMapping`'s. Selectors, factories and handlers translate the flow they return when the engine asks.
struct SinkMapping: FlowMapping {
    typealias Stream = Observable<Int>
    typealias OneResult = Single<Int>
    typealias Scheduler = ImmediateSchedulerType

    let subjects: [SubjectBase<Int>]
    var feedbackState: Observable<Int>?

    var engineName: String { "sink" }

    func just(_ value: Int) -> Observable<Int> { .just(value) }
    func from(_ values: [Int]) -> Observable<Int> { .from(values) }
    func empty() -> Observable<Int> { .empty() }
    func never() -> Observable<Int> { .never() }
    func fail(_ error: BenchError) -> Observable<Int> { .error(error) }
    func deferred(_ flow: DeferredFlow<Self>) -> Observable<Int> { .deferred { flow.make() } }
    func subject(_ index: Int) -> Observable<Int> { subjects[index].asObservable() }

    func map(_ source: Stream, _ transform: IntTransform) -> Stream { source.map(transform.throwingApply) }
    func compactMap(_ source: Stream, _ transform: IntPartialTransform) -> Stream { source.compactMap(transform.throwingApply) }
    func filter(_ source: Stream, _ predicate: IntPredicate) -> Stream { source.filter(predicate.throwingTest) }
    func scan(_ source: Stream, seed: Int, _ accumulator: IntAccumulator) -> Stream {
        source.scan(seed, accumulator: accumulator.throwingCombine)
    }
    func reduce(_ source: Stream, seed: Int, _ accumulator: IntAccumulator) -> Stream {
        source.reduce(seed, accumulator: accumulator.throwingCombine)
    }
    func take(_ source: Stream, count: Int) -> Stream { source.take(max(0, count)) }
    func skip(_ source: Stream, count: Int) -> Stream { source.skip(count) }
    func distinctUntilChanged(_ source: Stream) -> Stream { source.distinctUntilChanged() }
    func distinctUntilChangedByKey(_ source: Stream, _ key: IntKey) -> Stream { source.distinctUntilChanged(key.throwingKey) }
    func distinctUntilChangedByComparer(_ source: Stream, _ equivalence: IntEquivalence) -> Stream {
        source.distinctUntilChanged(equivalence.throwingAreEqual)
    }

    // RxSwift's map, filter and scan take `throws` closures: the sink catches and forwards the error.
    func tryMap(_ source: Stream, _ transform: ThrowingIntTransform) -> Stream { source.map { try transform.apply($0) } }
    func tryFilter(_ source: Stream, _ predicate: ThrowingIntPredicate) -> Stream {
        source.filter { try predicate.test($0) }
    }
    func tryScan(_ source: Stream, seed: Int, _ accumulator: ThrowingIntAccumulator) -> Stream {
        source.scan(seed) { try accumulator.combine($0, $1) }
    }
    func tryReduce(_ source: Stream, seed: Int, _ accumulator: ThrowingIntAccumulator) -> Stream {
        source.reduce(seed) { try accumulator.combine($0, $1) }
    }
    func tryFlatMap(_ source: Stream, _ inner: ThrowingInnerFlows<Self>) -> Stream { source.flatMap { try inner($0) } }
    func tryFlatMapLatest(_ source: Stream, _ inner: ThrowingInnerFlows<Self>) -> Stream {
        source.flatMapLatest { try inner($0) }
    }
    // RxSwift's key selector and comparer are `throws` too: the sink forwards what they throw as `.error`.
    func tryDistinctUntilChangedByKey(_ source: Stream, _ key: ThrowingIntKey) -> Stream {
        source.distinctUntilChanged { try key.key($0) }
    }
    func tryDistinctUntilChangedByComparer(_ source: Stream, _ equivalence: ThrowingIntEquivalence) -> Stream {
        source.distinctUntilChanged { try equivalence.areEqual($0, $1) }
    }
    func tryCatchError(_ source: Stream, _ recovery: ThrowingFlowRecovery<Self>) -> Stream {
        source.catch { error in try recovery(benchError(error)) }
    }
    func tryUsing(_ hooks: ThrowingResourceHooks, _ body: ThrowingResourceBody<Self>) -> Stream {
        .using({ try UsingResource(hooks) }, observableFactory: { try body($0.value) })
    }

    func startWith(_ source: Stream, _ values: [Int]) -> Stream { source.startWith(contentsOf: values) }
    func asyncMap(_ source: Stream, _ transform: AsyncTransform) -> Stream {
        source.asyncMap { value, reply in transform.start(value) { reply($0) } }
    }
    func asyncFilter(_ source: Stream, _ predicate: AsyncPredicate) -> Stream {
        source.asyncFilter { value, reply in predicate.start(value) { reply($0) } }
    }
    func retry(_ source: Stream, attempts: Int) -> Stream { source.retry(attempts) }
    func catchError(_ source: Stream, _ recovery: FlowRecovery<Self>) -> Stream {
        source.catch { error in recovery(benchError(error)) }
    }
    func scheduler(_ spec: SchedulerSpec, for operation: String) -> ImmediateSchedulerType? {
        switch spec {
        case .immediate: return ImmediateScheduler.instance
        case .trampoline: return CurrentThreadScheduler.instance
        case .serial(let queue): return SerialDispatchQueueScheduler(queue: queue)
        }
    }
    func subscribeOn(_ source: Stream, _ scheduler: ImmediateSchedulerType) -> Stream { source.subscribe(on: scheduler) }
    func observeOn(_ source: Stream, _ scheduler: ImmediateSchedulerType) -> Stream { source.observe(on: scheduler) }

    func merge(_ sources: FlowInputs<Self>) throws(UnsupportedFlow) -> Stream { .merge(try sources.streams()) }
    func concat(_ sources: FlowInputs<Self>) throws(UnsupportedFlow) -> Stream { .concat(try sources.streams()) }
    func flatMapJust(_ source: Stream, _ value: IntTransform) -> Stream {
        let value = value.function
        return source.flatMap { Observable.just(value($0)) }
    }
    func flatMap(_ source: Stream, _ inner: InnerFlows<Self>) -> Stream { source.flatMap { inner($0) } }
    func flatMapLatestJust(_ source: Stream, _ value: IntTransform) -> Stream {
        let value = value.function
        return source.flatMapLatest { Observable.just(value($0)) }
    }
    func flatMapLatest(_ source: Stream, _ inner: InnerFlows<Self>) -> Stream { source.flatMapLatest { inner($0) } }
    func combineLatest(_ a: Stream, _ b: Stream, _ combiner: IntCombiner) -> Stream? {
        .combineLatest(a, b, resultSelector: combiner.throwingArity2)
    }
    func combineLatest(_ a: Stream, _ b: Stream, _ c: Stream, _ combiner: IntCombiner) -> Stream? {
        .combineLatest(a, b, c, resultSelector: combiner.throwingArity3)
    }
    func combineLatest(_ a: Stream, _ b: Stream, _ c: Stream, _ d: Stream, _ combiner: IntCombiner) -> Stream? {
        .combineLatest(a, b, c, d, resultSelector: combiner.throwingArity4)
    }
    func combineLatest(_ sources: [Stream], _ combiner: IntCombiner) -> Stream {
        .combineLatest(sources, resultSelector: combiner.throwingCombine)
    }
    func zip(_ a: Stream, _ b: Stream, _ combiner: IntCombiner) -> Stream? { .zip(a, b, resultSelector: combiner.throwingArity2) }
    func zip(_ a: Stream, _ b: Stream, _ c: Stream, _ combiner: IntCombiner) -> Stream? {
        .zip(a, b, c, resultSelector: combiner.throwingArity3)
    }
    func zip(_ a: Stream, _ b: Stream, _ c: Stream, _ d: Stream, _ combiner: IntCombiner) -> Stream? {
        .zip(a, b, c, d, resultSelector: combiner.throwingArity4)
    }
    func zip(_ sources: [Stream], _ combiner: IntCombiner) -> Stream { .zip(sources, resultSelector: combiner.throwingCombine) }
    func takeUntil(_ source: Stream, trigger: Stream) -> Stream { source.takeUntil(trigger) }
    func using(_ hooks: ResourceHooks, _ body: ResourceBody<Self>) -> Stream {
        .using({ UsingResource(hooks) }, observableFactory: { body($0.value) })
    }

    func system(initial: Int, reduce: IntAccumulator, feedbacks: Feedbacks<Self>) -> Stream {
        .system(initialState: initial, reduce: reduce.combine, feedback: feedbacks.map { loop in { state in loop(state) } })
    }

    // One result: `Single.create`, `asSingle()`, and the trait's own `map` and `flatMap`; used as a stream
    // (concat of singles, ...), the trait's own observable.
    func single(_ producer: SingleProducer) -> Single<Int> { makeSingle(producer) }
    func asSingle(_ source: Stream) -> Single<Int> { source.asSingle() }
    func singleFlatMap(_ source: Single<Int>, _ next: NextRequests<Self>) -> Single<Int> {
        source.flatMap { value in next(value) }
    }
    func mapOneResult(_ source: Single<Int>, _ transform: IntTransform) -> Single<Int> { source.map(transform.throwingApply) }
    func otherOneResult(_ flow: Flow) -> Single<Int>? { nil }
    func stream(ofOneResult result: Single<Int>) -> Stream { result.asObservable() }
    func failedOneResult(_ error: BenchError) -> Single<Int> { makeSingle(.failure(error)) }

    /// `Single.create`, as RxSwift code wraps a request: the producer answers through `single(...)`.
    private func makeSingle(_ producer: SingleProducer) -> Single<Int> {
        switch producer {
        case .success(let value):
            return .create { single in
                single(.success(value))
                return Disposables.create()
            }
        case .failure(let error):
            return .create { single in
                single(.failure(error))
                return Disposables.create()
            }
        case .script(let script):
            return .create { single in
                let action = script(SingleReply(success: { single(.success($0)) }, failure: { single(.failure($0)) }))
                return Disposables.create(with: action.run)
            }
        }
    }

    /// `.create`: the loops run inside the native create closure, calling the native observer.
    func create(_ emitter: Emitter) -> Observable<Int> {
        switch emitter {
        case .repeating(let value, let count, let thenComplete):
            return .create { observer in
                for _ in 0..<count { observer.onNext(value) }
                if thenComplete { observer.onCompleted() }
                return Disposables.create()
            }
        case .counting(let count, let thenComplete):
            return .create { observer in
                for value in 0..<count { observer.onNext(value) }
                if thenComplete { observer.onCompleted() }
                return Disposables.create()
            }
        case .script(let script):
            return .create { observer in
                let action = script(
                    EventObserver(
                        next: { observer.onNext($0) },
                        error: { observer.onError($0) },
                        completed: { observer.onCompleted() }))
                return Disposables.create(with: action.run)
            }
        }
    }

    func tap(_ source: Observable<Int>, _ hooks: TapHooks) -> Observable<Int> {
        let onError: ((Swift.Error) throws -> Void)? = hooks.onError.map { hook in { hook(benchError($0)) } }
        return source.do(
            onNext: hooks.onNext,
            onError: onError,
            onCompleted: hooks.onCompleted,
            onSubscribe: hooks.onSubscribe,
            onDispose: hooks.onDispose)
    }
}

/// The resource of `.using`: released exactly once, when the subscription ends.
final class UsingResource: Disposable {
    let value: Int
    /// Runs the release hook on its first `dispose()` only.
    private let release: Cancelable

    init(_ hooks: ResourceHooks) {
        let value = hooks.acquire()
        self.value = value
        self.release = Disposables.create(with: { hooks.release(value) })
    }

    /// RxSwift's throwing resource factory: a throw leaves nothing to release.
    init(_ hooks: ThrowingResourceHooks) throws(BenchError) {
        let value = try hooks.acquire()
        self.value = value
        self.release = Disposables.create(with: { hooks.release(value) })
    }

    func dispose() {
        release.dispose()
    }
}
