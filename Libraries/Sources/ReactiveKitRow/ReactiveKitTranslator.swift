import Dispatch
import ReactiveKit
import RxBenchKit

/// One recursive translation of a `Flow` into `Signal<Int, BenchError>`, each case the operator a ReactiveKit
/// user writes. Selectors, factories and handlers translate the flow they return when ReactiveKit asks for it.
/// Where ReactiveKit has no operator for a case the translation throws `UnsupportedFlow`; it does not assemble
/// one. Source references are to ReactiveKit v3.21.0's `Sources/`.
struct ReactiveKitTranslator {
    typealias IntSignal = Signal<Int, BenchError>

    let subjects: [ReactiveKitSubject]

    func signal(for flow: Flow) throws(UnsupportedFlow) -> IntSignal {
        switch flow {
        // MARK: Sources (Signal.swift)
        case .just(let value):
            return IntSignal(just: value)
        case .from(let values):
            return IntSignal(sequence: values)
        case .empty:
            return .completed()
        case .never:
            return .never()
        case .fail(let error):
            return .failed(error)
        case .create(let emitter):
            return create(emitter)
        case .deferred(let factory):
            let translator = self
            return IntSignal(deferring: { translator.translatedOrFailing(factory.make()) })
        case .subject(let index):
            return subjects[index].signal

        // MARK: One input
        case .map(let source, let transform):
            return try signal(for: source).map(transform.apply)
        case .compactMap(let source, let transform):
            return try signal(for: source).compactMap(transform.apply)
        case .filter(let source, let predicate):
            return try signal(for: source).filter(predicate.test)
        case .scan(let source, let seed, let accumulator):
            // ReactiveKit's scan sends its seed at subscription (SignalProtocol+Transforming.swift:118); the
            // suite's scan does not, so the user drops it.
            return try signal(for: source).scan(seed, accumulator.combine).dropFirst(1)
        case .reduce(let source, let seed, let accumulator):
            return try signal(for: source).reduce(seed, accumulator.combine)
        case .take(let source, let count):
            // prefix(maxLength: 0) completes without subscribing upstream (SignalProtocol+Filtering.swift:276).
            return try signal(for: source).prefix(maxLength: max(0, count))
        case .skip(let source, let count):
            return try signal(for: source).dropFirst(max(0, count))
        case .distinctUntilChanged(let source):
            return try signal(for: source).removeDuplicates()
        case .distinctUntilChangedByKey(let source, let key):
            // No key form: the comparer form with the keys compared.
            let keyOf = key.key
            return try signal(for: source).removeDuplicates(by: { keyOf($0) == keyOf($1) })
        case .distinctUntilChangedByComparer(let source, let equivalence):
            return try signal(for: source).removeDuplicates(by: equivalence.areEqual)

        // MARK: Throwing forms
        // ReactiveKit's throwing `map` exists only for `Swift.Error` signals (SignalProtocol+Monad.swift:107);
        // with a typed error the fallible map is `tryMap`, whose closure returns a `Result`
        // (SignalProtocol+Result.swift:45).
        case .tryMap(let source, let transform):
            let apply = transform.apply
            return try signal(for: source).tryMap { value in
                Result { () throws(BenchError) -> Int in try apply(value) }
            }
        case .tryFilter(let source, let predicate):
            // No fallible filter: `tryMap` to an optional, then `ignoreNils` (SignalProtocol+Optional.swift:50).
            let test = predicate.test
            return try signal(for: source).tryMap { value in
                Result { () throws(BenchError) -> Int? in try test(value) ? value : nil }
            }.ignoreNils()
        case .tryScan:
            throw declined(
                "tryScan",
                "scan's accumulator cannot fail (SignalProtocol+Transforming.swift:114) and there is no fallible scan")
        case .tryReduce:
            throw declined(
                "tryReduce",
                "reduce's accumulator cannot fail (SignalProtocol+Transforming.swift:106) and there is no fallible reduce")
        case .tryDistinctUntilChangedByKey:
            throw declined(
                "tryDistinctUntilChangedByKey",
                "removeDuplicates takes a non-throwing comparer (SignalProtocol+Filtering.swift:69)")
        case .tryDistinctUntilChangedByComparer:
            throw declined(
                "tryDistinctUntilChangedByComparer",
                "removeDuplicates takes a non-throwing comparer (SignalProtocol+Filtering.swift:69)")
        // flatMap's transform cannot fail (SignalProtocol+Monad.swift:54): a throwing selector returns
        // `Signal.failed`, as a ReactiveKit user does.
        case .tryFlatMap(let source, let selector):
            return try signal(for: .flatMap(source, selector.failingInner))
        case .tryFlatMapLatest(let source, let selector):
            return try signal(for: .flatMapLatest(source, selector.failingInner))
        case .tryCatchError(let source, let handler):
            return try signal(for: .catchError(source, handler.failingContinuation))
        case .tryUsing:
            throw declined("tryUsing", "ReactiveKit has no using")

        case .startWith(let source, let values):
            return try startWith(signal(for: source), values)
        case .tap(let source, let hooks):
            return try tap(signal(for: source), hooks)
        // No asyncMap: a user flat-maps each value into a one-shot signal that answers once.
        case .asyncMap(let source, let transform):
            let start = transform.start
            return try signal(for: source).flatMapMerge { value in
                IntSignal { observer in
                    start(value) { answer in observer.receive(lastElement: answer) }
                    return NonDisposable.instance
                }
            }
        // ReactiveKit's own asynchronous filter, `flatMapFilter` (SignalProtocol+Filtering.swift:102), with
        // the merge strategy: verdicts are taken in the order they arrive.
        case .asyncFilter(let source, let predicate):
            let start = predicate.start
            return try signal(for: source).flatMapFilter(.merge) { value in
                SafeSignal<Bool> { observer in
                    start(value) { keep in observer.receive(lastElement: keep) }
                    return NonDisposable.instance
                }
            }
        case .retry(let source, let attempts):
            // ReactiveKit counts retries (SignalProtocol+ErrorHandling.swift:99-103), the suite subscriptions.
            return try signal(for: source).retry(max(0, attempts - 1))
        case .catchError(let source, let handler):
            let translator = self
            return try signal(for: source).flatMapError { error in
                translator.translatedOrFailing(handler.recover(error))
            }
        // ReactiveKit's schedulers are its `ExecutionContext`s and dispatch queues (Scheduler.swift:35-49).
        case .subscribeOn(let source, let spec):
            let upstream = try signal(for: source)
            switch spec {
            case .immediate: return upstream.subscribe(on: ExecutionContext.immediate)
            case .serial(let queue): return upstream.subscribe(on: queue)
            case .trampoline: throw noTrampoline("subscribeOn(trampoline)")
            }
        case .observeOn(let source, let spec):
            let upstream = try signal(for: source)
            switch spec {
            case .immediate: return upstream.receive(on: ExecutionContext.immediate)
            case .serial(let queue): return upstream.receive(on: queue)
            case .trampoline: throw noTrampoline("observeOn(trampoline)")
            }

        // MARK: Several inputs
        // The library's signal of many signals, flattened (Signal.swift:195); `a.merge(with: b)` is this
        // same chain for two (SignalProtocol+Combining.swift:185).
        case .merge(let sources):
            return try IntSignal(flattening: signals(for: sources), strategy: .merge)
        case .concat(let sources):
            return try IntSignal(flattening: signals(for: sources), strategy: .concat)
        case .flatMap(let source, let selector) where selector.returnsJust:
            let value = selector.justValue.apply
            return try signal(for: source).flatMapMerge { IntSignal(just: value($0)) }
        case .flatMap(let source, let selector):
            let translator = self
            return try signal(for: source).flatMapMerge { translator.translatedOrFailing(selector.select($0)) }
        case .flatMapLatest(let source, let selector) where selector.returnsJust:
            let value = selector.justValue.apply
            return try signal(for: source).flatMapLatest { IntSignal(just: value($0)) }
        case .flatMapLatest(let source, let selector):
            let translator = self
            return try signal(for: source).flatMapLatest { translator.translatedOrFailing(selector.select($0)) }
        case .combineLatest(let sources, let combiner):
            // The arity forms for two to six inputs (SignalProtocol+Arities.swift:36-73), the collection
            // form beyond (Signal.swift:207).
            let inputs = try signals(for: sources)
            let combine = combiner.combine
            switch inputs.count {
            case 2: return combineLatest(inputs[0], inputs[1], combine: combiner.arity2)
            case 3: return combineLatest(inputs[0], inputs[1], inputs[2], combine: combiner.arity3)
            case 4: return combineLatest(inputs[0], inputs[1], inputs[2], inputs[3], combine: combiner.arity4)
            case 5:
                return combineLatest(inputs[0], inputs[1], inputs[2], inputs[3], inputs[4]) {
                    combine([$0, $1, $2, $3, $4])
                }
            case 6:
                return combineLatest(inputs[0], inputs[1], inputs[2], inputs[3], inputs[4], inputs[5]) {
                    combine([$0, $1, $2, $3, $4, $5])
                }
            default: return IntSignal(combiningLatest: inputs, combine: combine)
            }
        case .zip(let sources, let combiner):
            // The arity forms for two to six inputs (SignalProtocol+Arities.swift:120-157); there is no
            // collection form.
            let inputs = try signals(for: sources)
            let combine = combiner.combine
            switch inputs.count {
            case 2: return zip(inputs[0], inputs[1], combine: combiner.arity2)
            case 3: return zip(inputs[0], inputs[1], inputs[2], combine: combiner.arity3)
            case 4: return zip(inputs[0], inputs[1], inputs[2], inputs[3], combine: combiner.arity4)
            case 5:
                return zip(inputs[0], inputs[1], inputs[2], inputs[3], inputs[4]) { combine([$0, $1, $2, $3, $4]) }
            case 6:
                return zip(inputs[0], inputs[1], inputs[2], inputs[3], inputs[4], inputs[5]) {
                    combine([$0, $1, $2, $3, $4, $5])
                }
            default:
                throw declined(
                    "zip of \(inputs.count) inputs",
                    "ReactiveKit's zip stops at six inputs (SignalProtocol+Arities.swift:152) and has no collection form")
            }
        case .takeUntil(let source, let trigger):
            // Any event of the trigger ends the source with a completion, its error and its completion too
            // (SignalProtocol+Filtering.swift:360-362).
            return try signal(for: source).prefix(untilOutputFrom: signal(for: trigger))
        case .using:
            throw declined("using", "ReactiveKit has no using")

        // MARK: Feedback
        case .system:
            throw declined("system", "ReactiveKit has no RxFeedback-style system, nor a trampoline to run one through")
        case .feedbackState:
            throw declined("feedbackState", "ReactiveKit has no RxFeedback-style system")

        // MARK: One result: ReactiveKit has no one-result type; a request is a signal of one element
        case .single(let producer):
            return single(producer)
        case .asSingle(let source):
            // `first()` is `prefix(maxLength: 1)` (SignalProtocol+Filtering.swift:121).
            return try signal(for: source).first()
        // A request made from another's answer: `flatMapLatest`, as ReactiveKit's README chains requests.
        case .singleFlatMap(let source, let selector):
            if let answer = selector.answer?.apply {
                return try signal(for: source).flatMapLatest { IntSignal(just: answer($0)) }
            }
            let translator = self
            return try signal(for: source).flatMapLatest { translator.single(selector.select($0)) }
        }
    }

    private func signals(for flows: [Flow]) throws(UnsupportedFlow) -> [IntSignal] {
        try flows.map { (flow) throws(UnsupportedFlow) in try signal(for: flow) }
    }

    private func declined(_ operation: String, _ reason: String) -> UnsupportedFlow {
        UnsupportedFlow(engine: "reactivekit", operation: "\(operation): \(reason)")
    }

    /// ReactiveKit's execution contexts are immediate, the main thread, dispatch queues and `nonRecursive`,
    /// which drops a nested call rather than queueing it (ExecutionContext.swift:52-88).
    private func noTrampoline(_ operation: String) -> UnsupportedFlow {
        declined(operation, "ReactiveKit has no trampoline scheduler (ExecutionContext.swift)")
    }

    /// For flows made at subscription time (factories, selectors, handlers): ReactiveKit's closures cannot
    /// throw `UnsupportedFlow`, so an inner flow the row cannot express fails the signal with `BenchError.foreign`.
    func translatedOrFailing(_ flow: Flow) -> IntSignal {
        do { return try signal(for: flow) } catch { return .failed(.foreign) }
    }

    /// `.create`: the `Signal` initialiser (Signal.swift:36); the pumps loop inside the producer, calling the
    /// `AtomicObserver` it is handed, as a user's producer does.
    private func create(_ emitter: Emitter) -> IntSignal {
        switch emitter {
        case .repeating(let value, let count, let thenComplete):
            return IntSignal { observer in
                for _ in 0..<count { observer.receive(value) }
                if thenComplete { observer.receive(completion: .finished) }
                return NonDisposable.instance
            }
        case .counting(let count, let thenComplete):
            return IntSignal { observer in
                for value in 0..<count { observer.receive(value) }
                if thenComplete { observer.receive(completion: .finished) }
                return NonDisposable.instance
            }
        case .script(let script):
            return IntSignal { observer in
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
    private func single(_ producer: SingleProducer) -> IntSignal {
        switch producer {
        case .success(let value):
            return IntSignal(just: value)
        case .failure(let error):
            return .failed(error)
        case .script(let script):
            return IntSignal { observer in
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
    private func startWith(_ source: IntSignal, _ values: [Int]) -> IntSignal {
        switch values.count {
        case 0: source
        case 1: source.prepend(values[0])
        default: source.prepend(IntSignal(sequence: values))
        }
    }

    /// `handleEvents` (SignalProtocol+Utilities.swift:170): the subscription hook runs before the source is
    /// observed, the cancel hook when the subscription's disposable is disposed, which the `AtomicObserver`
    /// also does at a terminal event (Observer.swift:92-97).
    private func tap(_ source: IntSignal, _ hooks: TapHooks) -> IntSignal {
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
