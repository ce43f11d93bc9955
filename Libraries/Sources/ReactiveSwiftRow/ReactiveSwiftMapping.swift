import Dispatch
import ReactiveSwift
import RxBenchKit

/// ReactiveSwift's operator for each `Flow` operator on `SignalProducer<Int, BenchError>`, as a ReactiveSwift
/// user writes it; the recursion is `FlowMapping`'s. Selectors, factories and handlers translate the flow they
/// return when ReactiveSwift asks for it. Source references are to ReactiveSwift 7.2.1's `Sources/`.
struct ReactiveSwiftMapping: FlowMapping {
    typealias Stream = SignalProducer<Int, BenchError>
    typealias Scheduler = ReactiveSwift.Scheduler

    let subjects: [ReactiveSwiftSubject]
    var feedbackState: Stream?

    var engineName: String { "reactiveswift" }

    /// The throwing forms ReactiveSwift has no operator for, declined before their source is translated.
    func refusal(of flow: Flow) -> UnsupportedFlow? {
        let reason: String
        switch flow {
        case .tryScan:
            reason = "tryScan: scan's accumulator cannot fail (Signal.swift:1457) and there is no fallible scan"
        case .tryReduce:
            reason = "tryReduce: reduce's accumulator cannot fail (Signal.swift:1422) and there is no fallible reduce"
        case .tryDistinctUntilChangedByKey:
            reason = "tryDistinctUntilChangedByKey: skipRepeats takes a non-throwing comparer (Signal.swift:1530)"
        case .tryDistinctUntilChangedByComparer:
            reason = "tryDistinctUntilChangedByComparer: skipRepeats takes a non-throwing comparer (Signal.swift:1530)"
        default:
            return nil
        }
        return UnsupportedFlow(engine: engineName, operation: reason)
    }

    func just(_ value: Int) -> Stream { SignalProducer(value: value) }
    func from(_ values: [Int]) -> Stream { SignalProducer(values) }
    func empty() -> Stream { .empty }
    func never() -> Stream { .never }
    func fail(_ error: BenchError) -> Stream { SignalProducer(error: error) }
    func deferred(_ flow: DeferredFlow<Self>) -> Stream {
        // ReactiveSwift has no `deferred` (RxCheatsheet.md: "trivial to create"): the start handler runs per
        // start, as `init(_ signal:)` itself forwards a signal (SignalProducer.swift:45).
        SignalProducer { observer, lifetime in
            lifetime += flow.make().start(observer)
        }
    }
    func subject(_ index: Int) -> Stream { subjects[index].producer }

    func map(_ source: Stream, _ transform: IntTransform) -> Stream { source.map(transform.apply) }
    func compactMap(_ source: Stream, _ transform: IntPartialTransform) -> Stream { source.compactMap(transform.apply) }
    func filter(_ source: Stream, _ predicate: IntPredicate) -> Stream { source.filter(predicate.test) }
    func scan(_ source: Stream, seed: Int, _ accumulator: IntAccumulator) -> Stream {
        source.scan(seed, accumulator.combine)
    }
    func reduce(_ source: Stream, seed: Int, _ accumulator: IntAccumulator) -> Stream {
        source.reduce(seed, accumulator.combine)
    }
    func take(_ source: Stream, count: Int) -> Stream {
        // take(first: 0) is `.interrupted` in ReactiveSwift (SignalProducer.swift:1022), not a completion.
        source.take(first: max(0, count))
    }
    func skip(_ source: Stream, count: Int) -> Stream { source.skip(first: max(0, count)) }
    func distinctUntilChanged(_ source: Stream) -> Stream { source.skipRepeats() }
    func distinctUntilChangedByKey(_ source: Stream, _ key: IntKey) -> Stream {
        let keyOf = key.function
        return source.skipRepeats { keyOf($0) == keyOf($1) }
    }
    func distinctUntilChangedByComparer(_ source: Stream, _ equivalence: IntEquivalence) -> Stream {
        source.skipRepeats(equivalence.areEqual)
    }

    // Throwing forms: ReactiveSwift's fallible transform is `attemptMap`, whose closure returns a `Result`
    // in the stream's own error type (SignalProducer.swift:1730).
    func tryMap(_ source: Stream, _ transform: ThrowingIntTransform) -> Stream {
        let apply = transform.apply
        return source.attemptMap { value in
            Result { () throws(BenchError) -> Int in try apply(value) }
        }
    }
    func tryFilter(_ source: Stream, _ predicate: ThrowingIntPredicate) -> Stream {
        // No fallible filter: `attemptMap` to an optional, then `skipNil` (SignalProducer.swift:1856).
        let test = predicate.test
        return source.attemptMap { value in
            Result { () throws(BenchError) -> Int? in try test(value) ? value : nil }
        }.skipNil()
    }
    // flatMap's transform cannot fail (Flatten.swift:968): tryFlatMap, tryFlatMapLatest, tryCatchError and
    // tryUsing are the defaults, a throwing selector returning `SignalProducer(error:)`, as a ReactiveSwift
    // user does.

    func startWith(_ source: Stream, _ values: [Int]) -> Stream { source.prefix(SignalProducer(values)) }
    func tap(_ source: Stream, _ hooks: TapHooks) -> Stream {
        // `on(...)` (RxSwift's `do`): `starting` runs before the source is started, `disposed` once when
        // the produced signal ends by a terminal event or an interruption (Signal.swift:1103).
        source.on(
            starting: hooks.onSubscribe, failed: hooks.onError, completed: hooks.onCompleted,
            disposed: hooks.onDispose, value: hooks.onNext)
    }
    func asyncMap(_ source: Stream, _ transform: AsyncTransform) -> Stream {
        // flatMap(.merge) into a one-shot producer: one value, then completed.
        let start = transform.start
        return source.flatMap(.merge) { value in
            Stream { observer, _ in
                start(value) { reply in
                    observer.send(value: reply)
                    observer.sendCompleted()
                }
            }
        }
    }
    func asyncFilter(_ source: Stream, _ predicate: AsyncPredicate) -> Stream {
        let start = predicate.start
        return source.flatMap(.merge) { value in
            Stream { observer, _ in
                start(value) { keep in
                    if keep { observer.send(value: value) }
                    observer.sendCompleted()
                }
            }
        }
    }
    func retry(_ source: Stream, attempts: Int) -> Stream {
        // ReactiveSwift counts retries (SignalProducer.swift:2395), the suite counts subscriptions.
        source.retry(upTo: max(0, attempts - 1))
    }
    func catchError(_ source: Stream, _ recovery: FlowRecovery<Self>) -> Stream {
        source.flatMapError { error in recovery(error) }
    }
    func subscribeOn(_ source: Stream, _ scheduler: ReactiveSwift.Scheduler) -> Stream { source.start(on: scheduler) }
    func observeOn(_ source: Stream, _ scheduler: ReactiveSwift.Scheduler) -> Stream { source.observe(on: scheduler) }

    func merge(_ sources: FlowInputs<Self>) throws(UnsupportedFlow) -> Stream { SignalProducer.merge(try sources.streams()) }
    func concat(_ sources: FlowInputs<Self>) throws(UnsupportedFlow) -> Stream {
        // No variadic concat: a producer of producers flattened one after the other (Flatten.swift:51), as
        // `merge` of a sequence flattens with `.merge` (Flatten.swift:561).
        SignalProducer<Stream, BenchError>(try sources.streams()).flatten(.concat)
    }
    func flatMapJust(_ source: Stream, _ value: IntTransform) -> Stream {
        let value = value.function
        return source.flatMap(.merge) { Stream(value: value($0)) }
    }
    func flatMap(_ source: Stream, _ inner: InnerFlows<Self>) -> Stream { source.flatMap(.merge) { inner($0) } }
    func flatMapLatestJust(_ source: Stream, _ value: IntTransform) -> Stream {
        let value = value.function
        return source.flatMap(.latest) { Stream(value: value($0)) }
    }
    func flatMapLatest(_ source: Stream, _ inner: InnerFlows<Self>) -> Stream { source.flatMap(.latest) { inner($0) } }
    // combineLatest and zip as their users write them: the arity forms for two to four inputs
    // (SignalProducer.swift:2138-2160, 2222-2244), the array form beyond.
    func combineLatest(_ a: Stream, _ b: Stream, _ combiner: IntCombiner) -> Stream? {
        let combine = combiner.function2
        return SignalProducer.combineLatest(a, b).map { combine($0, $1) }
    }
    func combineLatest(_ a: Stream, _ b: Stream, _ c: Stream, _ combiner: IntCombiner) -> Stream? {
        let combine = combiner.function3
        return SignalProducer.combineLatest(a, b, c).map { combine($0, $1, $2) }
    }
    func combineLatest(_ a: Stream, _ b: Stream, _ c: Stream, _ d: Stream, _ combiner: IntCombiner) -> Stream? {
        let combine = combiner.function4
        return SignalProducer.combineLatest(a, b, c, d).map { combine($0, $1, $2, $3) }
    }
    func combineLatest(_ sources: [Stream], _ combiner: IntCombiner) -> Stream {
        SignalProducer.combineLatest(sources).map(combiner.combine)
    }
    func zip(_ a: Stream, _ b: Stream, _ combiner: IntCombiner) -> Stream? {
        let combine = combiner.function2
        return SignalProducer.zip(a, b).map { combine($0, $1) }
    }
    func zip(_ a: Stream, _ b: Stream, _ c: Stream, _ combiner: IntCombiner) -> Stream? {
        let combine = combiner.function3
        return SignalProducer.zip(a, b, c).map { combine($0, $1, $2) }
    }
    func zip(_ a: Stream, _ b: Stream, _ c: Stream, _ d: Stream, _ combiner: IntCombiner) -> Stream? {
        let combine = combiner.function4
        return SignalProducer.zip(a, b, c, d).map { combine($0, $1, $2, $3) }
    }
    func zip(_ sources: [Stream], _ combiner: IntCombiner) -> Stream { SignalProducer.zip(sources).map(combiner.combine) }
    func takeUntil(_ source: Stream, trigger: Stream) -> Stream {
        // take(until:) wants a `SignalProducer<(), Never>` and stops on the trigger's value *or completion*,
        // ignoring its failure (Signal.swift:1339-1350). The trigger's error has to be handled to make it
        // `Never`: a ReactiveSwift user ends it (`flatMapError { _ in .empty }`), which then also stops the
        // source; no form forwards the trigger's error.
        let stop = trigger.map { _ in () }.flatMapError { _ in SignalProducer<(), Never>.empty }
        return source.take(until: stop)
    }

    // One result: no one-result type; callers take the first value (RxCheatsheet.md: "Maybe ... take(first: 1)").
    func asSingle(_ source: Stream) -> Stream { source.take(first: 1) }
    func singleFlatMap(_ source: Stream, _ next: NextRequests<Self>) -> Stream {
        if let answer = next.selector.answer?.function {
            return source.flatMap(.merge) { Stream(value: answer($0)) }
        }
        return source.flatMap(.merge) { next($0) }
    }

    /// ReactiveSwift's schedulers (Sources/Scheduler.swift): `ImmediateScheduler`, `UIScheduler`,
    /// `QueueScheduler`, `TestScheduler`; none is a current-thread trampoline. `QueueScheduler` cannot wrap an
    /// existing queue (the initialiser that did, `init(queue:name:)`, is obsoleted and made a new queue too,
    /// Scheduler.swift:353): `init(targeting:)` makes its own serial queue whose work runs on the given one
    /// (Scheduler.swift:365). One scheduler per operator, made when the chain is built, as a user's.
    func scheduler(_ spec: SchedulerSpec, for operation: String) throws(UnsupportedFlow) -> ReactiveSwift.Scheduler? {
        switch spec {
        case .immediate: return ImmediateScheduler()
        case .serial(let queue): return QueueScheduler(targeting: queue)
        case .trampoline:
            throw UnsupportedFlow(
                engine: "reactiveswift",
                operation: "\(operation)(trampoline): ReactiveSwift has no trampoline scheduler (Scheduler.swift)")
        }
    }

    /// `.create`: `SignalProducer.init { observer, lifetime in ... }` (RxCheatsheet.md: "create").
    func create(_ emitter: Emitter) -> Stream {
        switch emitter {
        case .repeating(let value, let count, let thenComplete):
            return Stream { observer, _ in
                for _ in 0..<count { observer.send(value: value) }
                if thenComplete { observer.sendCompleted() }
            }
        case .counting(let count, let thenComplete):
            return Stream { observer, _ in
                for value in 0..<count { observer.send(value: value) }
                if thenComplete { observer.sendCompleted() }
            }
        case .script(let script):
            // The lifetime ends on a terminal event or on interruption (SignalProducer.swift:54-57); an action
            // added to an ended lifetime runs at once (Disposable.swift:181).
            return Stream { observer, lifetime in
                let action = script(
                    EventObserver(
                        next: { observer.send(value: $0) }, error: { observer.send(error: $0) },
                        completed: { observer.sendCompleted() }))
                lifetime.observeEnded { action.run() }
            }
        }
    }

    /// ReactiveSwift has no Single ("could easily be created as an initializer for SignalProducer",
    /// RxCheatsheet.md): a producer that sends one value and completes, or fails. A second answer is dropped
    /// because the produced signal has already terminated.
    func single(_ producer: SingleProducer) -> Stream {
        switch producer {
        case .success(let value): return SignalProducer(value: value)
        case .failure(let error): return SignalProducer(error: error)
        case .script(let script):
            return Stream { observer, lifetime in
                let action = script(
                    SingleReply(
                        success: { value in
                            observer.send(value: value)
                            observer.sendCompleted()
                        },
                        failure: { observer.send(error: $0) }))
                lifetime.observeEnded { action.run() }
            }
        }
    }

    /// ReactiveSwift has no `using`: the resource is acquired in the start handler and released when the
    /// produced signal's lifetime ends (terminal event or interruption), after the body's subscription.
    func using(_ hooks: ResourceHooks, _ body: ResourceBody<Self>) -> Stream {
        Stream { observer, lifetime in
            let resource = hooks.acquire()
            lifetime += body(resource).start(observer)
            lifetime.observeEnded { hooks.release(resource) }
        }
    }

    /// RxFeedback's loop from ReactiveSwift's parts, as ReactiveFeedback's `Loop` builds it: the state is a
    /// `Signal.reentrantUnserializedPipe()` (Signal.swift:557), whose recursive sends are queued and drained
    /// after the current one (ReactiveSwift's trampoline for exactly this), so a synchronous loop does not
    /// recurse. The output observes the state first, then the feedbacks see it; their mutations are merged
    /// and scanned, and each new state (and the mutations' termination) is sent back into the pipe.
    func system(initial: Int, reduce: IntAccumulator, feedbacks: Feedbacks<Self>) -> Stream {
        let combine = reduce.function
        return Stream { observer, lifetime in
            let (state, stateInput) = Signal<Int, BenchError>.reentrantUnserializedPipe()
            lifetime += state.observe(observer)
            let mutations = SignalProducer.merge(feedbacks.streams(state: SignalProducer(state)))
            lifetime += mutations.scan(initial, combine.combine).start(stateInput)
            stateInput.send(value: initial)
        }
    }
}
