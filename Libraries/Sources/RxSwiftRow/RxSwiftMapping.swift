import Dispatch
import RxBenchKit
import RxSwift

/// RxSwift's operator for each `Flow` operator, as an RxSwift user writes it; the recursion is `FlowMapping`'s.
/// Selectors, factories and handlers translate the flow they return when RxSwift asks for it.
struct RxSwiftMapping: FlowMapping {
    typealias Stream = Observable<Int>
    typealias OneResult = Single<Int>
    typealias Scheduler = ImmediateSchedulerType

    let subjects: [RxSwiftSubject]
    var feedbackState: Observable<Int>?

    var engineName: String { "rxswift" }

    func just(_ value: Int) -> Stream { .just(value) }
    func from(_ values: [Int]) -> Stream { .from(values) }
    func empty() -> Stream { .empty() }
    func never() -> Stream { .never() }
    func fail(_ error: BenchError) -> Stream { .error(error) }
    func deferred(_ flow: DeferredFlow<Self>) -> Stream { .deferred { flow.make() } }
    func subject(_ index: Int) -> Stream { subjects[index].observable }

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
    // RxSwift's map, filter, scan, reduce, flatMap, key selectors and comparers take `throws` closures.
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
        .using({ try AcquiredResource(hooks) }, observableFactory: { try body($0.value) })
    }
    // RxSwift has no asyncMap: a user flat-maps each value into a one-shot `create` that answers once.
    func asyncMap(_ source: Stream, _ transform: AsyncTransform) -> Stream {
        source.flatMap { value in
            Observable<Int>.create { observer in
                transform.start(value) { answer in
                    observer.onNext(answer)
                    observer.onCompleted()
                }
                return Disposables.create()
            }
        }
    }
    func asyncFilter(_ source: Stream, _ predicate: AsyncPredicate) -> Stream {
        source.flatMap { value in
            Observable<Int>.create { observer in
                predicate.start(value) { keep in
                    if keep { observer.onNext(value) }
                    observer.onCompleted()
                }
                return Disposables.create()
            }
        }
    }
    // RxSwift counts subscriptions, as the suite does (Retry.swift: `maxAttemptCount`).
    func retry(_ source: Stream, attempts: Int) -> Stream { source.retry(attempts) }
    func catchError(_ source: Stream, _ recovery: FlowRecovery<Self>) -> Stream {
        source.catch { error in recovery(benchError(error)) }
    }
    /// RxSwift's schedulers; nil for `.immediate`: RxSwift's `ImmediateScheduler` is internal, and a user who
    /// wants work done at once on the calling thread writes no `subscribe(on:)` or `observe(on:)` at all.
    func scheduler(_ spec: SchedulerSpec, for operation: String) -> ImmediateSchedulerType? {
        switch spec {
        case .immediate: nil
        case .trampoline: CurrentThreadScheduler.instance
        case .serial(let queue): SerialDispatchQueueScheduler(queue: queue, internalSerialQueueName: "rxbench.observeOn")
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
    func takeUntil(_ source: Stream, trigger: Stream) -> Stream { source.take(until: trigger) }
    func using(_ hooks: ResourceHooks, _ body: ResourceBody<Self>) -> Stream {
        .using({ AcquiredResource(hooks) }, observableFactory: { body($0.value) })
    }

    // One result: `Single.create`, `asSingle()`, and the trait's `map` and `flatMap`; used as a stream
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

    /// `.create`: the pumps loop inside `Observable.create`, calling RxSwift's observer, as a user's producer does.
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
                        next: { observer.onNext($0) }, error: { observer.onError($0) },
                        completed: { observer.onCompleted() }))
                return Disposables.create(with: action.run)
            }
        }
    }

    /// RxSwift's `startWith` is variadic (StartWith.swift:20): a user lists the values; past four, a user
    /// builds the same prefix from `from` and `concat`.
    func startWith(_ source: Observable<Int>, _ values: [Int]) -> Observable<Int> {
        switch values.count {
        case 0: source
        case 1: source.startWith(values[0])
        case 2: source.startWith(values[0], values[1])
        case 3: source.startWith(values[0], values[1], values[2])
        case 4: source.startWith(values[0], values[1], values[2], values[3])
        default: .concat([.from(values), source])
        }
    }

    func tap(_ source: Observable<Int>, _ hooks: TapHooks) -> Observable<Int> {
        let onError: ((Swift.Error) throws -> Void)? = hooks.onError.map { hook in { hook(benchError($0)) } }
        return source.do(
            onNext: hooks.onNext, onError: onError, onCompleted: hooks.onCompleted, onSubscribe: hooks.onSubscribe,
            onDispose: hooks.onDispose)
    }

    /// RxFeedback's `system` (RxFeedback 4.0.0, Sources/RxFeedback/ObservableType+RxFeedback.swift:28-60), hand-built
    /// from RxSwift's own operators in RxFeedback's order, with the trampoline as its scheduler: RxFeedback itself
    /// does not build on Linux (its two source files import RxCocoa, which RxSwift's manifest builds for Apple's
    /// platforms only; docs/decisions/real-libraries.md, "RxFeedback"). A `ReplaySubject` of one state replays it to
    /// the feedbacks, their mutations are merged and delivered through the trampoline, scanned, and each new state
    /// goes back into the subject.
    func system(initial: Int, reduce: IntAccumulator, feedbacks: Feedbacks<Self>) -> Observable<Int> {
        .deferred {
            let state = ReplaySubject<Int>.create(bufferSize: 1)
            let mutations = Observable.merge(feedbacks.streams(state: state.asObservable()))
                .observe(on: CurrentThreadScheduler.instance)
            return mutations
                .scan(initial, accumulator: reduce.throwingCombine)
                .do(onNext: { state.onNext($0) }, onSubscribed: { state.onNext(initial) })
                .subscribe(on: CurrentThreadScheduler.instance)
                .startWith(initial)
                .observe(on: CurrentThreadScheduler.instance)
        }
    }
}

/// The resource of `.using`: RxSwift's `using` disposes it when the subscription ends (Using.swift).
final class AcquiredResource: Disposable {
    let value: Int
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
