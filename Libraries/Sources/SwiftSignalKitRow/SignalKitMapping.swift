import Dispatch
import RxBenchKit
import SwiftSignalKit

/// SwiftSignalKit's operator for each `Flow` operator, composed with `|>`, the library's own functions only;
/// the recursion is `FlowMapping`'s. Line references are to Telegram's copy,
/// Upstream/SwiftSignalKit/Source/ at e2d485b (the fork's lines are the same or a few lower). Where the
/// library has no operator for a case the row declines it (`refusal(of:)`); it does not assemble one from
/// other operators. The library's operators are free functions, named with the module where a mapping of the
/// same name would be found first.
struct SignalKitMapping: FlowMapping {
    typealias Stream = Signal<Int, BenchError>
    typealias Scheduler = Queue

    let subjects: [SwiftSignalKitSubject]

    var engineName: String { signalKitRow.id }

    /// What the library has no operator for, declined before the flow's inputs are translated.
    func refusal(of flow: Flow) -> UnsupportedFlow? {
        switch flow {
        case .compactMap:
            // Signal_Mapping.swift:33 `flatMap` maps the value inside an optional, it drops nothing.
            declined("compactMap", "SwiftSignalKit has no filterMap")
        case .scan:
            // reduceLeft with `emit` (Signal_Reduce.swift:20) also puts the final value on completion: not a scan.
            declined("scan", "SwiftSignalKit has no scan")
        case .skip:
            declined("skip", "SwiftSignalKit has no skip")
        // Throwing transforms: SwiftSignalKit's closures cannot throw (docs/decisions/throwing-operators.md).
        case .tryMap:
            declined("tryMap", "SwiftSignalKit has no tryMap (its map takes a non-throwing closure)")
        case .tryFilter:
            declined("tryFilter", "SwiftSignalKit has no tryFilter (its filter takes a non-throwing closure)")
        case .tryScan:
            declined("tryScan", "SwiftSignalKit has no tryScan (nor scan)")
        case .tryReduce:
            declined("tryReduce", "SwiftSignalKit has no tryReduce (its reduceLeft takes a non-throwing closure)")
        case .tryDistinctUntilChangedByKey:
            declined("tryDistinctUntilChangedByKey", "SwiftSignalKit has no throwing distinctUntilChanged")
        case .tryDistinctUntilChangedByComparer:
            declined("tryDistinctUntilChangedByComparer", "SwiftSignalKit has no throwing distinctUntilChanged")
        case .tryFlatMap:
            declined("tryFlatMap", "SwiftSignalKit has no merging flatMap")
        case .tryUsing:
            declined("tryUsing", "SwiftSignalKit has no using")
        case .asyncMap:
            declined("asyncMap", "SwiftSignalKit has no merging flatMap to run the one-shot replies in")
        case .asyncFilter:
            declined("asyncFilter", "SwiftSignalKit has no merging flatMap to run the one-shot replies in")
        case .retry:
            // retry(retryOnError:...maxRetries:onQueue:) (Signal_Catch.swift:138) resubscribes asynchronously,
            // after a delay on a Queue; restartIfError (Signal_Catch.swift:187) has no bound.
            declined("retry", "SwiftSignalKit has no synchronous retry with a count")
        case .merge:
            // Signal_Merge.swift is commented out.
            declined("merge", "SwiftSignalKit has no merge")
        case .flatMap:
            // mapToSignal switches (Signal_Meta.swift:166), mapToQueue concatenates (:202): none merges.
            declined("flatMap", "SwiftSignalKit has no merging flatMap")
        case .zip:
            declined("zip", "SwiftSignalKit has no zip")
        case .takeUntil:
            // take(until:) (Signal_Take.swift:57) takes a predicate on the values, not a trigger signal.
            declined("takeUntil", "SwiftSignalKit has no takeUntil")
        case .using:
            declined("using", "SwiftSignalKit has no using")
        case .system:
            // feedbackLoop (Signal_Loop.swift:8) re-runs one signal until it answers nil; no state stream.
            declined("system", "SwiftSignalKit has no RxFeedback system")
        case .feedbackState:
            declined("feedbackState", "SwiftSignalKit has no RxFeedback system")
        default:
            nil
        }
    }

    private func declined(_ operation: String, _ reason: String) -> UnsupportedFlow {
        UnsupportedFlow(engine: engineName, operation: "\(operation): \(reason)")
    }

    // MARK: Sources (Signal.swift:91-120)

    func just(_ value: Int) -> Stream { .single(value) }
    /// The library has no signal of a sequence: a user writes the generator that puts each value, then completion.
    func from(_ values: [Int]) -> Stream {
        Signal { subscriber in
            for value in values { subscriber.putNext(value) }
            subscriber.putCompletion()
            return EmptyDisposable
        }
    }
    func empty() -> Stream { .complete() }
    func never() -> Stream { .never() }
    func fail(_ error: BenchError) -> Stream { .fail(error) }
    func deferred(_ flow: DeferredFlow<Self>) -> Stream { SwiftSignalKit.deferred { flow.make() } }  // Signal_Meta.swift:238
    func subject(_ index: Int) -> Stream { subjects[index].signal }

    // MARK: One input

    func map(_ source: Stream, _ transform: IntTransform) -> Stream {
        source |> SwiftSignalKit.map(transform.apply)  // Signal_Mapping.swift:3
    }
    func filter(_ source: Stream, _ predicate: IntPredicate) -> Stream {
        source |> SwiftSignalKit.filter(predicate.test)  // Signal_Mapping.swift:17
    }
    func reduce(_ source: Stream, seed: Int, _ accumulator: IntAccumulator) -> Stream {
        source |> reduceLeft(value: seed, f: accumulator.combine)  // Signal_Reduce.swift:3
    }
    func take(_ source: Stream, count: Int) -> Stream {
        // Signal_Take.swift:3: completes on the count-th value, so take(0) never completes early.
        source |> SwiftSignalKit.take(count)
    }
    func distinctUntilChanged(_ source: Stream) -> Stream {
        source |> SwiftSignalKit.distinctUntilChanged  // Signal_Mapping.swift:82
    }
    func distinctUntilChangedByKey(_ source: Stream, _ key: IntKey) -> Stream {
        // The library's comparer form (Signal_Mapping.swift:106) with the keys compared: it has no key form.
        let keyOf = key.function
        return source |> SwiftSignalKit.distinctUntilChanged(isEqual: { keyOf($0) == keyOf($1) })
    }
    func distinctUntilChangedByComparer(_ source: Stream, _ equivalence: IntEquivalence) -> Stream {
        source |> SwiftSignalKit.distinctUntilChanged(isEqual: equivalence.areEqual)
    }
    // tryFlatMapLatest and tryCatchError are the defaults: a selector or handler that cannot throw returns
    // `.fail` from mapToSignal or `catch`, as SwiftSignalKit code does.

    func startWith(_ source: Stream, _ values: [Int]) -> Stream {
        // No startWith: SwiftSignalKit code prepends with its concat, `then` (Signal_Meta.swift:214):
        // `.single(v) |> then(signal)`.
        from(values) |> then(source)
    }
    func catchError(_ source: Stream, _ recovery: FlowRecovery<Self>) -> Stream {
        source |> `catch` { recovery($0) }  // Signal_Catch.swift:3
    }
    /// runOn and deliverOn take a Queue, a DispatchQueue (Queue.swift:32): omitting them for the immediate
    /// scheduler is a different, cheaper chain.
    func scheduler(_ spec: SchedulerSpec, for operation: String) throws(UnsupportedFlow) -> Queue? {
        switch spec {
        case .serial(let queue): return Queue(queue: queue)
        case .immediate: throw declined("\(operation)(immediate)", "SwiftSignalKit has no immediate scheduler")
        case .trampoline: throw declined("\(operation)(trampoline)", "SwiftSignalKit has no trampoline")
        }
    }
    func subscribeOn(_ source: Stream, _ queue: Queue) -> Stream { source |> runOn(queue) }  // Signal_Dispatch.swift:54
    func observeOn(_ source: Stream, _ queue: Queue) -> Stream { source |> deliverOn(queue) }  // Signal_Dispatch.swift:3

    // MARK: Several inputs

    func concat(_ sources: FlowInputs<Self>) throws(UnsupportedFlow) -> Stream {
        // `then` (Signal_Meta.swift:214) is the library's concat of two signals.
        guard !sources.isEmpty else { return .complete() }
        var result = try sources.stream(at: 0)
        for index in 1..<sources.count {
            result = try result |> then(sources.stream(at: index))
        }
        return result
    }
    func flatMapLatestJust(_ source: Stream, _ value: IntTransform) -> Stream {
        let value = value.function
        return source |> mapToSignal { Stream.single(value($0)) }
    }
    func flatMapLatest(_ source: Stream, _ inner: InnerFlows<Self>) -> Stream { source |> mapToSignal { inner($0) } }
    // Signal_Combine.swift:91-175: tuples for 2 to 14 inputs, an array for any number; the user maps them.
    func combineLatest(_ a: Stream, _ b: Stream, _ combiner: IntCombiner) -> Stream? {
        let combine = combiner.function2
        return SwiftSignalKit.combineLatest(a, b) |> SwiftSignalKit.map { combine($0.0, $0.1) }
    }
    func combineLatest(_ a: Stream, _ b: Stream, _ c: Stream, _ combiner: IntCombiner) -> Stream? {
        let combine = combiner.function3
        return SwiftSignalKit.combineLatest(a, b, c) |> SwiftSignalKit.map { combine($0.0, $0.1, $0.2) }
    }
    func combineLatest(_ a: Stream, _ b: Stream, _ c: Stream, _ d: Stream, _ combiner: IntCombiner) -> Stream? {
        let combine = combiner.function4
        return SwiftSignalKit.combineLatest(a, b, c, d) |> SwiftSignalKit.map { combine($0.0, $0.1, $0.2, $0.3) }
    }
    func combineLatest(_ sources: [Stream], _ combiner: IntCombiner) -> Stream {
        SwiftSignalKit.combineLatest(sources) |> SwiftSignalKit.map(combiner.combine)
    }

    // MARK: One result: a signal that puts one value and completes (docs/decisions/single.md)

    func asSingle(_ source: Stream) -> Stream { source |> SwiftSignalKit.take(1) }
    func singleFlatMap(_ source: Stream, _ next: NextRequests<Self>) -> Stream { source |> mapToSignal { next($0) } }

    /// `create` is the Signal initialiser (Signal.swift:66): the pumps loop inside the generator.
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

    /// A request: SwiftSignalKit has no one-result type; the producer puts its answer and completes.
    func single(_ producer: SingleProducer) -> Stream {
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

    /// The library's side-effect operators (Signal_SideEffects.swift), one stage per hook present. It has no
    /// beforeError: the error hook is `withState` (:98), its only operator that sees errors. beforeStarted is
    /// outermost so the hook runs before the source is started; afterDisposed runs once, also after a terminal
    /// event (a subscriber disposes on termination, Subscriber.swift:165, :203).
    func tap(_ source: Stream, _ hooks: TapHooks) -> Stream {
        var result = source
        if let onNext = hooks.onNext { result = result |> beforeNext(onNext) }
        if let onError = hooks.onError { result = withState(result, {}, error: { error, _ in onError(error) }) }
        if let onCompleted = hooks.onCompleted { result = result |> beforeCompleted(onCompleted) }
        if let onDispose = hooks.onDispose { result = result |> afterDisposed(onDispose) }
        if let onSubscribe = hooks.onSubscribe { result = result |> beforeStarted(onSubscribe) }
        return result
    }
}
