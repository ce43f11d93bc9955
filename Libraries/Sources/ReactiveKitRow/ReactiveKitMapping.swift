import Dispatch
import ReactiveKit
import RxBenchKit

/// ReactiveKit's operator for each `Flow` operator on `Signal<Int, BenchError>`, as a ReactiveKit user writes it;
/// the recursion is `FlowMapping`'s. Selectors, factories and handlers translate the flow they return when
/// ReactiveKit asks for it. Where ReactiveKit has no operator for a case the row declines it; it does not
/// assemble one. Source references are to ReactiveKit v3.21.0's `Sources/`.
struct ReactiveKitMapping: FlowMapping {
    typealias Stream = Signal<Int, BenchError>
    /// Each execution context is chosen where the operator is applied.
    typealias Scheduler = SchedulerSpec

    let subjects: [ReactiveKitSubject]

    var engineName: String { "reactivekit" }

    /// What ReactiveKit has no operator for, declined before the flow's inputs are translated.
    func refusal(of flow: Flow) -> UnsupportedFlow? {
        switch flow {
        case .tryScan:
            declined(
                "tryScan",
                "scan's accumulator cannot fail (SignalProtocol+Transforming.swift:114) and there is no fallible scan")
        case .tryReduce:
            declined(
                "tryReduce",
                "reduce's accumulator cannot fail (SignalProtocol+Transforming.swift:106) and there is no fallible reduce")
        case .tryDistinctUntilChangedByKey:
            declined(
                "tryDistinctUntilChangedByKey",
                "removeDuplicates takes a non-throwing comparer (SignalProtocol+Filtering.swift:69)")
        case .tryDistinctUntilChangedByComparer:
            declined(
                "tryDistinctUntilChangedByComparer",
                "removeDuplicates takes a non-throwing comparer (SignalProtocol+Filtering.swift:69)")
        case .tryUsing: declined("tryUsing", "ReactiveKit has no using")
        case .using: declined("using", "ReactiveKit has no using")
        case .system: declined("system", "ReactiveKit has no RxFeedback-style system, nor a trampoline to run one through")
        case .feedbackState: declined("feedbackState", "ReactiveKit has no RxFeedback-style system")
        default: nil
        }
    }

    private func declined(_ operation: String, _ reason: String) -> UnsupportedFlow {
        UnsupportedFlow(engine: engineName, operation: "\(operation): \(reason)")
    }

    // MARK: Sources (Signal.swift)

    func just(_ value: Int) -> Stream { Stream(just: value) }
    func from(_ values: [Int]) -> Stream { Stream(sequence: values) }
    func empty() -> Stream { .completed() }
    func never() -> Stream { .never() }
    func fail(_ error: BenchError) -> Stream { .failed(error) }
    func deferred(_ flow: DeferredFlow<Self>) -> Stream { Stream(deferring: { flow.make() }) }
    func subject(_ index: Int) -> Stream { subjects[index].signal }

    // MARK: One input

    func map(_ source: Stream, _ transform: IntTransform) -> Stream { source.map(transform.apply) }
    func compactMap(_ source: Stream, _ transform: IntPartialTransform) -> Stream { source.compactMap(transform.apply) }
    func filter(_ source: Stream, _ predicate: IntPredicate) -> Stream { source.filter(predicate.test) }
    func scan(_ source: Stream, seed: Int, _ accumulator: IntAccumulator) -> Stream {
        // ReactiveKit's scan sends its seed at subscription (SignalProtocol+Transforming.swift:118); the
        // suite's scan does not, so the user drops it.
        source.scan(seed, accumulator.combine).dropFirst(1)
    }
    func reduce(_ source: Stream, seed: Int, _ accumulator: IntAccumulator) -> Stream {
        source.reduce(seed, accumulator.combine)
    }
    func take(_ source: Stream, count: Int) -> Stream {
        // prefix(maxLength: 0) completes without subscribing upstream (SignalProtocol+Filtering.swift:276).
        source.prefix(maxLength: max(0, count))
    }
    func skip(_ source: Stream, count: Int) -> Stream { source.dropFirst(max(0, count)) }
    func distinctUntilChanged(_ source: Stream) -> Stream { source.removeDuplicates() }
    func distinctUntilChangedByKey(_ source: Stream, _ key: IntKey) -> Stream {
        // No key form: the comparer form with the keys compared.
        let keyOf = key.function
        return source.removeDuplicates(by: { keyOf($0) == keyOf($1) })
    }
    func distinctUntilChangedByComparer(_ source: Stream, _ equivalence: IntEquivalence) -> Stream {
        source.removeDuplicates(by: equivalence.areEqual)
    }

    // MARK: Throwing forms
    // ReactiveKit's throwing `map` exists only for `Swift.Error` signals (SignalProtocol+Monad.swift:107);
    // with a typed error the fallible map is `tryMap`, whose closure returns a `Result`
    // (SignalProtocol+Result.swift:45).
    func tryMap(_ source: Stream, _ transform: ThrowingIntTransform) -> Stream {
        let apply = transform.apply
        return source.tryMap { value in
            Result { () throws(BenchError) -> Int in try apply(value) }
        }
    }
    func tryFilter(_ source: Stream, _ predicate: ThrowingIntPredicate) -> Stream {
        // No fallible filter: `tryMap` to an optional, then `ignoreNils` (SignalProtocol+Optional.swift:50).
        let test = predicate.test
        return source.tryMap { value in
            Result { () throws(BenchError) -> Int? in try test(value) ? value : nil }
        }.ignoreNils()
    }
    // flatMap's transform cannot fail (SignalProtocol+Monad.swift:54): tryFlatMap, tryFlatMapLatest and
    // tryCatchError are the defaults, a throwing selector returning `Signal.failed`, as a ReactiveKit user does.

    // No asyncMap: a user flat-maps each value into a one-shot signal that answers once.
    func asyncMap(_ source: Stream, _ transform: AsyncTransform) -> Stream {
        let start = transform.start
        return source.flatMapMerge { value in
            Stream { observer in
                start(value) { answer in observer.receive(lastElement: answer) }
                return NonDisposable.instance
            }
        }
    }
    // ReactiveKit's own asynchronous filter, `flatMapFilter` (SignalProtocol+Filtering.swift:102), with
    // the merge strategy: verdicts are taken in the order they arrive.
    func asyncFilter(_ source: Stream, _ predicate: AsyncPredicate) -> Stream {
        let start = predicate.start
        return source.flatMapFilter(.merge) { value in
            SafeSignal<Bool> { observer in
                start(value) { keep in observer.receive(lastElement: keep) }
                return NonDisposable.instance
            }
        }
    }
    func retry(_ source: Stream, attempts: Int) -> Stream {
        // ReactiveKit counts retries (SignalProtocol+ErrorHandling.swift:99-103), the suite subscriptions.
        source.retry(max(0, attempts - 1))
    }
    func catchError(_ source: Stream, _ recovery: FlowRecovery<Self>) -> Stream {
        source.flatMapError { error in recovery(error) }
    }
    /// ReactiveKit's schedulers are its `ExecutionContext`s and dispatch queues (Scheduler.swift:35-49); its
    /// execution contexts are immediate, the main thread, dispatch queues and `nonRecursive`, which drops a
    /// nested call rather than queueing it (ExecutionContext.swift:52-88).
    func scheduler(_ spec: SchedulerSpec, for operation: String) throws(UnsupportedFlow) -> SchedulerSpec? {
        guard case .trampoline = spec else { return spec }
        throw declined("\(operation)(trampoline)", "ReactiveKit has no trampoline scheduler (ExecutionContext.swift)")
    }
    func subscribeOn(_ source: Stream, _ spec: SchedulerSpec) -> Stream {
        switch spec {
        case .serial(let queue): source.subscribe(on: queue)
        case .immediate, .trampoline: source.subscribe(on: ExecutionContext.immediate)
        }
    }
    func observeOn(_ source: Stream, _ spec: SchedulerSpec) -> Stream {
        switch spec {
        case .serial(let queue): source.receive(on: queue)
        case .immediate, .trampoline: source.receive(on: ExecutionContext.immediate)
        }
    }

    // MARK: Several inputs
    // The library's signal of many signals, flattened (Signal.swift:195); `a.merge(with: b)` is this
    // same chain for two (SignalProtocol+Combining.swift:185).
    func merge(_ sources: FlowInputs<Self>) throws(UnsupportedFlow) -> Stream {
        Stream(flattening: try sources.streams(), strategy: .merge)
    }
    func concat(_ sources: FlowInputs<Self>) throws(UnsupportedFlow) -> Stream {
        Stream(flattening: try sources.streams(), strategy: .concat)
    }
    func flatMapJust(_ source: Stream, _ value: IntTransform) -> Stream {
        let value = value.function
        return source.flatMapMerge { Stream(just: value($0)) }
    }
    func flatMap(_ source: Stream, _ inner: InnerFlows<Self>) -> Stream { source.flatMapMerge { inner($0) } }
    func flatMapLatestJust(_ source: Stream, _ value: IntTransform) -> Stream {
        let value = value.function
        return source.flatMapLatest { Stream(just: value($0)) }
    }
    func flatMapLatest(_ source: Stream, _ inner: InnerFlows<Self>) -> Stream { source.flatMapLatest { inner($0) } }
    // combineLatest: the arity forms for two to six inputs (SignalProtocol+Arities.swift:36-73), the collection
    // form beyond (Signal.swift:207).
    func combineLatest(_ a: Stream, _ b: Stream, _ combiner: IntCombiner) -> Stream? {
        ReactiveKit.combineLatest(a, b, combine: combiner.arity2)
    }
    func combineLatest(_ a: Stream, _ b: Stream, _ c: Stream, _ combiner: IntCombiner) -> Stream? {
        ReactiveKit.combineLatest(a, b, c, combine: combiner.arity3)
    }
    func combineLatest(_ a: Stream, _ b: Stream, _ c: Stream, _ d: Stream, _ combiner: IntCombiner) -> Stream? {
        ReactiveKit.combineLatest(a, b, c, d, combine: combiner.arity4)
    }
    func combineLatest(_ inputs: [Stream], _ combiner: IntCombiner) -> Stream {
        let combine = combiner.function
        switch inputs.count {
        case 5:
            return ReactiveKit.combineLatest(inputs[0], inputs[1], inputs[2], inputs[3], inputs[4]) {
                combine([$0, $1, $2, $3, $4])
            }
        case 6:
            return ReactiveKit.combineLatest(inputs[0], inputs[1], inputs[2], inputs[3], inputs[4], inputs[5]) {
                combine([$0, $1, $2, $3, $4, $5])
            }
        default: return Stream(combiningLatest: inputs, combine: combine.combine)
        }
    }
    // zip: the arity forms for two to six inputs (SignalProtocol+Arities.swift:120-157); there is no
    // collection form.
    func zip(_ a: Stream, _ b: Stream, _ combiner: IntCombiner) -> Stream? { ReactiveKit.zip(a, b, combine: combiner.arity2) }
    func zip(_ a: Stream, _ b: Stream, _ c: Stream, _ combiner: IntCombiner) -> Stream? {
        ReactiveKit.zip(a, b, c, combine: combiner.arity3)
    }
    func zip(_ a: Stream, _ b: Stream, _ c: Stream, _ d: Stream, _ combiner: IntCombiner) -> Stream? {
        ReactiveKit.zip(a, b, c, d, combine: combiner.arity4)
    }
    func zip(_ inputs: [Stream], _ combiner: IntCombiner) throws(UnsupportedFlow) -> Stream {
        let combine = combiner.function
        switch inputs.count {
        case 5:
            return ReactiveKit.zip(inputs[0], inputs[1], inputs[2], inputs[3], inputs[4]) { combine([$0, $1, $2, $3, $4]) }
        case 6:
            return ReactiveKit.zip(inputs[0], inputs[1], inputs[2], inputs[3], inputs[4], inputs[5]) {
                combine([$0, $1, $2, $3, $4, $5])
            }
        default:
            throw declined(
                "zip of \(inputs.count) inputs",
                "ReactiveKit's zip stops at six inputs (SignalProtocol+Arities.swift:152) and has no collection form")
        }
    }
    func takeUntil(_ source: Stream, trigger: Stream) -> Stream {
        // Any event of the trigger ends the source with a completion, its error and its completion too
        // (SignalProtocol+Filtering.swift:360-362).
        source.prefix(untilOutputFrom: trigger)
    }

    // MARK: One result: ReactiveKit has no one-result type; a request is a signal of one element

    func asSingle(_ source: Stream) -> Stream {
        // `first()` is `prefix(maxLength: 1)` (SignalProtocol+Filtering.swift:121).
        source.first()
    }
    // A request made from another's answer: `flatMapLatest`, as ReactiveKit's README chains requests.
    func singleFlatMap(_ source: Stream, _ next: NextRequests<Self>) -> Stream {
        if let answer = next.selector.answer?.function {
            return source.flatMapLatest { Stream(just: answer($0)) }
        }
        return source.flatMapLatest { next($0) }
    }

    /// `.create`: the `Signal` initialiser (Signal.swift:36); the pumps loop inside the producer, calling the
    /// `AtomicObserver` it is handed, as a user's producer does.
    func create(_ emitter: Emitter) -> Stream {
        switch emitter {
        case .repeating(let value, let count, let thenComplete):
            return Stream { observer in
                for _ in 0..<count { observer.receive(value) }
                if thenComplete { observer.receive(completion: .finished) }
                return NonDisposable.instance
            }
        case .counting(let count, let thenComplete):
            return Stream { observer in
                for value in 0..<count { observer.receive(value) }
                if thenComplete { observer.receive(completion: .finished) }
                return NonDisposable.instance
            }
        case .script(let script):
            return Stream { observer in
                let action = script(
                    EventObserver(
                        next: { observer.receive($0) }, error: { observer.receive(completion: .failure($0)) },
                        completed: { observer.receive(completion: .finished) }))
                return BlockDisposable(action.run)
            }
        }
    }

    /// A request: one element and completion, or a failure. The `AtomicObserver` drops whatever follows a
    /// terminal event (Observer.swift:89-104), so a second answer is dropped.
    func single(_ producer: SingleProducer) -> Stream {
        switch producer {
        case .success(let value):
            return Stream(just: value)
        case .failure(let error):
            return .failed(error)
        case .script(let script):
            return Stream { observer in
                let action = script(
                    SingleReply(
                        success: { observer.receive(lastElement: $0) },
                        failure: { observer.receive(completion: .failure($0)) }))
                return BlockDisposable(action.run)
            }
        }
    }

    /// `prepend` of one element (SignalProtocol+Transforming.swift:137), or of a signal of the elements
    /// (SignalProtocol+Combining.swift:171).
    func startWith(_ source: Stream, _ values: [Int]) -> Stream {
        switch values.count {
        case 0: source
        case 1: source.prepend(values[0])
        default: source.prepend(Stream(sequence: values))
        }
    }

    /// `handleEvents` (SignalProtocol+Utilities.swift:170): the subscription hook runs before the source is
    /// observed, the cancel hook when the subscription's disposable is disposed, which the `AtomicObserver`
    /// also does at a terminal event (Observer.swift:92-97).
    func tap(_ source: Stream, _ hooks: TapHooks) -> Stream {
        let onError = hooks.onError
        let onCompleted = hooks.onCompleted
        let receiveCompletion: ((Subscribers.Completion<BenchError>) -> Void)? =
            onError == nil && onCompleted == nil
            ? nil
            : { completion in
                switch completion {
                case .failure(let error): onError?(error)
                case .finished: onCompleted?()
                }
            }
        return source.handleEvents(
            receiveSubscription: hooks.onSubscribe, receiveOutput: hooks.onNext, receiveCompletion: receiveCompletion,
            receiveCancel: hooks.onDispose)
    }
}
