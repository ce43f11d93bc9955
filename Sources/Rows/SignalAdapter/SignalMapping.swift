import RxBenchCore
import SignalEngine

/// The signal engine's operator for each `Flow` operator, composed with `|>` as SwiftSignalKit code writes
/// it; the recursion is `FlowMapping`'s. The engine's operators are free functions, named with the module
/// where a mapping of the same name would be found first.
struct SignalMapping: FlowMapping {
    typealias Stream = Signal<Int, BenchError>

    /// `runOn` and `deliverOn` take a trampoline or a queue.
    enum Scheduler {
        case trampoline
        case queue(Queue)
    }

    let subjects: [SignalSubject]
    var feedbackState: Stream?

    var engineName: String { "signal" }

    func just(_ value: Int) -> Stream { .single(value) }
    func from(_ values: [Int]) -> Stream { .sequence(values) }
    func empty() -> Stream { .complete() }
    func never() -> Stream { .never() }
    func fail(_ error: BenchError) -> Stream { .fail(error) }
    func deferred(_ flow: DeferredFlow<Self>) -> Stream { SignalEngine.deferred { flow.make() } }
    func subject(_ index: Int) -> Stream { subjects[index].signal }

    func map(_ source: Stream, _ transform: IntTransform) -> Stream { source |> SignalEngine.map(transform.apply) }
    func compactMap(_ source: Stream, _ transform: IntPartialTransform) -> Stream { source |> filterMap(transform.apply) }
    func filter(_ source: Stream, _ predicate: IntPredicate) -> Stream { source |> SignalEngine.filter(predicate.test) }
    func scan(_ source: Stream, seed: Int, _ accumulator: IntAccumulator) -> Stream {
        source |> SignalEngine.scan(seed, accumulator.combine)
    }
    func reduce(_ source: Stream, seed: Int, _ accumulator: IntAccumulator) -> Stream {
        source |> reduceLeft(value: seed, f: accumulator.combine)
    }
    func take(_ source: Stream, count: Int) -> Stream { source |> SignalEngine.take(count) }
    func skip(_ source: Stream, count: Int) -> Stream { source |> SignalEngine.skip(count) }
    func distinctUntilChanged(_ source: Stream) -> Stream { source |> SignalEngine.distinctUntilChanged }
    func distinctUntilChangedByKey(_ source: Stream, _ key: IntKey) -> Stream {
        let keyOf = key.function
        return source |> SignalEngine.distinctUntilChanged(isEqual: { keyOf($0) == keyOf($1) })
    }
    func distinctUntilChangedByComparer(_ source: Stream, _ equivalence: IntEquivalence) -> Stream {
        source |> SignalEngine.distinctUntilChanged(isEqual: equivalence.areEqual)
    }
    func tryMap(_ source: Stream, _ transform: ThrowingIntTransform) -> Stream {
        let apply = transform.apply
        return source |> SignalEngine.tryMap { value in Result { () throws(BenchError) in try apply(value) } }
    }
    func tryFilter(_ source: Stream, _ predicate: ThrowingIntPredicate) -> Stream {
        let test = predicate.test
        return source |> SignalEngine.tryFilter { value in Result { () throws(BenchError) in try test(value) } }
    }
    func tryScan(_ source: Stream, seed: Int, _ accumulator: ThrowingIntAccumulator) -> Stream {
        let combine = accumulator.combine
        return source
            |> SignalEngine.tryScan(seed) { running, value in Result { () throws(BenchError) in try combine(running, value) } }
    }
    // SwiftSignalKit's selectors and handlers cannot throw: tryFlatMap, tryFlatMapLatest, tryCatchError and
    // tryUsing are the defaults, a throw becoming a failing inner signal (`.fail`).
    // Its distinctUntilChanged has no throwing form: the key or comparer answers a `Result`, as in tryMap.
    func tryDistinctUntilChangedByKey(_ source: Stream, _ key: ThrowingIntKey) -> Stream {
        let keyOf = key.key
        return source |> tryDistinctUntilChanged(key: { value in Result { () throws(BenchError) in try keyOf(value) } })
    }
    func tryDistinctUntilChangedByComparer(_ source: Stream, _ equivalence: ThrowingIntEquivalence) -> Stream {
        let areEqual = equivalence.areEqual
        return source
            |> tryDistinctUntilChanged(isEqual: { previous, value in
                Result { () throws(BenchError) in try areEqual(previous, value) }
            })
    }
    func tryReduce(_ source: Stream, seed: Int, _ accumulator: ThrowingIntAccumulator) -> Stream {
        let combine = accumulator.combine
        return source
            |> tryReduceLeft(value: seed) { running, value in
                Result { () throws(BenchError) in try combine(running, value) }
            }
    }
    func startWith(_ source: Stream, _ values: [Int]) -> Stream { source |> SignalEngine.startWith(values) }
    func asyncMap(_ source: Stream, _ transform: AsyncTransform) -> Stream {
        let start = transform.start
        return source |> SignalEngine.asyncMap { value, reply in start(value) { reply($0) } }
    }
    func asyncFilter(_ source: Stream, _ predicate: AsyncPredicate) -> Stream {
        let start = predicate.start
        return source |> SignalEngine.asyncFilter { value, reply in start(value) { reply($0) } }
    }
    func retry(_ source: Stream, attempts: Int) -> Stream { source |> restartIfError(attempts: attempts) }
    func catchError(_ source: Stream, _ recovery: FlowRecovery<Self>) -> Stream { source |> `catch` { recovery($0) } }
    func scheduler(_ spec: SchedulerSpec, for operation: String) -> Scheduler? {
        switch spec {
        case .immediate: nil
        case .trampoline: .trampoline
        case .serial(let queue): .queue(Queue(queue: queue))
        }
    }
    func subscribeOn(_ source: Stream, _ scheduler: Scheduler) -> Stream {
        switch scheduler {
        case .trampoline: source |> runOn(Trampoline.currentThread)
        case .queue(let queue): source |> runOn(queue)
        }
    }
    func observeOn(_ source: Stream, _ scheduler: Scheduler) -> Stream {
        switch scheduler {
        case .trampoline: source |> deliverOn(Trampoline.currentThread)
        case .queue(let queue): source |> deliverOn(queue)
        }
    }

    func merge(_ sources: FlowInputs<Self>) throws(UnsupportedFlow) -> Stream { mergeSignals(try sources.streams()) }
    func concat(_ sources: FlowInputs<Self>) throws(UnsupportedFlow) -> Stream { concatSignals(try sources.streams()) }
    func flatMapJust(_ source: Stream, _ value: IntTransform) -> Stream {
        let value = value.function
        return source |> mapToSignalMerging { Signal<Int, BenchError>.single(value($0)) }
    }
    func flatMap(_ source: Stream, _ inner: InnerFlows<Self>) -> Stream { source |> mapToSignalMerging { inner($0) } }
    func flatMapLatestJust(_ source: Stream, _ value: IntTransform) -> Stream {
        let value = value.function
        return source |> mapToSignal { Signal<Int, BenchError>.single(value($0)) }
    }
    func flatMapLatest(_ source: Stream, _ inner: InnerFlows<Self>) -> Stream { source |> mapToSignal { inner($0) } }
    func combineLatest(_ a: Stream, _ b: Stream, _ combiner: IntCombiner) -> Stream? {
        SignalEngine.combineLatest(a, b, combiner.arity2)
    }
    func combineLatest(_ a: Stream, _ b: Stream, _ c: Stream, _ combiner: IntCombiner) -> Stream? {
        SignalEngine.combineLatest(a, b, c, combiner.arity3)
    }
    func combineLatest(_ a: Stream, _ b: Stream, _ c: Stream, _ d: Stream, _ combiner: IntCombiner) -> Stream? {
        SignalEngine.combineLatest(a, b, c, d, combiner.arity4)
    }
    func combineLatest(_ sources: [Stream], _ combiner: IntCombiner) -> Stream {
        SignalEngine.combineLatest(sources, combiner.combine)
    }
    func zip(_ a: Stream, _ b: Stream, _ combiner: IntCombiner) -> Stream? { zipSignals(a, b, combiner.arity2) }
    func zip(_ a: Stream, _ b: Stream, _ c: Stream, _ combiner: IntCombiner) -> Stream? {
        zipSignals(a, b, c, combiner.arity3)
    }
    func zip(_ a: Stream, _ b: Stream, _ c: Stream, _ d: Stream, _ combiner: IntCombiner) -> Stream? {
        zipSignals(a, b, c, d, combiner.arity4)
    }
    func zip(_ sources: [Stream], _ combiner: IntCombiner) -> Stream { zipSignals(sources, combiner.combine) }
    func takeUntil(_ source: Stream, trigger: Stream) -> Stream { source |> SignalEngine.takeUntil(trigger) }
    func using(_ hooks: ResourceHooks, _ body: ResourceBody<Self>) -> Stream {
        SignalEngine.using(hooks.acquire, { body($0) }, release: hooks.release)
    }

    func system(initial: Int, reduce: IntAccumulator, feedbacks: Feedbacks<Self>) -> Stream {
        let loops: [(Stream) -> Stream] = feedbacks.map { loop in { state in loop(state) } }
        return SignalEngine.system(initialState: initial, reduce: reduce.combine, feedbacks: loops)
    }

    // One result: a signal that puts one value and completes; callers of a signal that may put more
    // take its first value (`take(1)`); the next request is `mapToSignal` of the answer.
    func single(_ producer: SingleProducer) -> Stream { request(producer) }
    func asSingle(_ source: Stream) -> Stream { source |> SignalEngine.take(1) }
    func singleFlatMap(_ source: Stream, _ next: NextRequests<Self>) -> Stream { source |> mapToSignal { next($0) } }

    /// A request's signal: the producer puts its answer and completes, or puts an error.
    private func request(_ producer: SingleProducer) -> Stream {
        switch producer {
        case .success(let value):
            return .single(value)
        case .failure(let error):
            return .fail(error)
        case .script(let script):
            return Signal { subscriber in
                let action = script(SingleReply(
                    success: {
                        subscriber.putNext($0)
                        subscriber.putCompletion()
                    },
                    failure: { subscriber.putError($0) }))
                return ActionDisposable(action: action.run)
            }
        }
    }

    /// The raw producer: the loop of the pumping workloads runs inside the generator, calling the
    /// subscriber directly.
    func create(_ emitter: Emitter) -> Stream {
        switch emitter {
        case .repeating(let value, let count, let thenComplete):
            return Signal { subscriber in
                for _ in 0..<count { subscriber.putNext(value) }
                if thenComplete { subscriber.putCompletion() }
                return EmptyDisposable
            }
        case .counting(let count, let thenComplete):
            return Signal { subscriber in
                for value in 0..<count { subscriber.putNext(value) }
                if thenComplete { subscriber.putCompletion() }
                return EmptyDisposable
            }
        case .script(let script):
            return Signal { subscriber in
                let action = script(EventObserver(
                    next: { subscriber.putNext($0) },
                    error: { subscriber.putError($0) },
                    completed: { subscriber.putCompletion() }))
                return ActionDisposable(action: action.run)
            }
        }
    }

    /// tap in SwiftSignalKit's side-effect operators; only the hooks present add a stage. The order
    /// (outermost last) makes onSubscribe run before the source is started and onDispose run once.
    func tap(_ source: Stream, _ hooks: TapHooks) -> Stream {
        var result = source
        if let onNext = hooks.onNext { result = result |> beforeNext(onNext) }
        if let onError = hooks.onError { result = result |> beforeError(onError) }
        if let onCompleted = hooks.onCompleted { result = result |> beforeCompleted(onCompleted) }
        if let onDispose = hooks.onDispose { result = result |> afterDisposed(onDispose) }
        if let onSubscribe = hooks.onSubscribe { result = result |> beforeStarted(onSubscribe) }
        return result
    }
}
