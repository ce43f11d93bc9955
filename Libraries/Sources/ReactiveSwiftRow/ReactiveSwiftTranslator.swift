import Dispatch
import ReactiveSwift
import RxBenchKit

/// One recursive translation of a `Flow` into `SignalProducer<Int, BenchError>`, each case the operator a
/// ReactiveSwift user writes. Selectors, factories and handlers translate the flow they return when
/// ReactiveSwift asks for it. Source references are to ReactiveSwift 7.2.1's `Sources/`.
struct ReactiveSwiftTranslator {
    typealias Stream = SignalProducer<Int, BenchError>

    let subjects: [ReactiveSwiftSubject]
    /// The state stream of the innermost enclosing `.system`, for `.feedbackState`.
    let feedbackState: Stream?

    func producer(for flow: Flow) throws(UnsupportedFlow) -> Stream {
        switch flow {
        case .just(let value):
            return SignalProducer(value: value)
        case .from(let values):
            return SignalProducer(values)
        case .empty:
            return .empty
        case .never:
            return .never
        case .fail(let error):
            return SignalProducer(error: error)
        case .create(let emitter):
            return create(emitter)
        case .deferred(let factory):
            // ReactiveSwift has no `deferred` (RxCheatsheet.md: "trivial to create"): the start handler runs per
            // start, as `init(_ signal:)` itself forwards a signal (SignalProducer.swift:45).
            let translator = self
            return SignalProducer { observer, lifetime in
                lifetime += translator.translatedOrFailing(factory.make()).start(observer)
            }
        case .subject(let index):
            return subjects[index].producer

        case .map(let source, let transform):
            return try producer(for: source).map(transform.apply)
        case .compactMap(let source, let transform):
            return try producer(for: source).compactMap(transform.apply)
        case .filter(let source, let predicate):
            return try producer(for: source).filter(predicate.test)
        case .scan(let source, let seed, let accumulator):
            return try producer(for: source).scan(seed, accumulator.combine)
        case .reduce(let source, let seed, let accumulator):
            return try producer(for: source).reduce(seed, accumulator.combine)
        case .take(let source, let count):
            // take(first: 0) is `.interrupted` in ReactiveSwift (SignalProducer.swift:1022), not a completion.
            return try producer(for: source).take(first: max(0, count))
        case .skip(let source, let count):
            return try producer(for: source).skip(first: max(0, count))
        case .distinctUntilChanged(let source):
            return try producer(for: source).skipRepeats()
        case .distinctUntilChangedByKey(let source, let key):
            let keyOf = key.key
            return try producer(for: source).skipRepeats { keyOf($0) == keyOf($1) }
        case .distinctUntilChangedByComparer(let source, let equivalence):
            return try producer(for: source).skipRepeats(equivalence.areEqual)

        // Throwing forms: ReactiveSwift's fallible transform is `attemptMap`, whose closure returns a `Result`
        // in the stream's own error type (SignalProducer.swift:1730).
        case .tryMap(let source, let transform):
            let apply = transform.apply
            return try producer(for: source).attemptMap { value in
                Result { () throws(BenchError) -> Int in try apply(value) }
            }
        case .tryFilter(let source, let predicate):
            // No fallible filter: `attemptMap` to an optional, then `skipNil` (SignalProducer.swift:1856).
            let test = predicate.test
            return try producer(for: source).attemptMap { value in
                Result { () throws(BenchError) -> Int? in try test(value) ? value : nil }
            }.skipNil()
        case .tryScan:
            throw UnsupportedFlow(
                engine: "reactiveswift",
                operation: "tryScan: scan's accumulator cannot fail (Signal.swift:1457) and there is no fallible scan")
        case .tryReduce:
            throw UnsupportedFlow(
                engine: "reactiveswift",
                operation: "tryReduce: reduce's accumulator cannot fail (Signal.swift:1422) and there is no fallible reduce")
        case .tryDistinctUntilChangedByKey:
            throw UnsupportedFlow(
                engine: "reactiveswift",
                operation: "tryDistinctUntilChangedByKey: skipRepeats takes a non-throwing comparer (Signal.swift:1530)")
        case .tryDistinctUntilChangedByComparer:
            throw UnsupportedFlow(
                engine: "reactiveswift",
                operation: "tryDistinctUntilChangedByComparer: skipRepeats takes a non-throwing comparer (Signal.swift:1530)")
        // flatMap's transform cannot fail (Flatten.swift:968): a throwing selector returns
        // `SignalProducer(error:)`, as a ReactiveSwift user does.
        case .tryFlatMap(let source, let selector):
            return try producer(for: .flatMap(source, selector.failingInner))
        case .tryFlatMapLatest(let source, let selector):
            return try producer(for: .flatMapLatest(source, selector.failingInner))
        case .tryCatchError(let source, let handler):
            return try producer(for: .catchError(source, handler.failingContinuation))
        case .tryUsing(let hooks, let body):
            return try producer(for: .usingFailingFactories(hooks, body))

        case .startWith(let source, let values):
            return try producer(for: source).prefix(SignalProducer(values))
        case .tap(let source, let hooks):
            // `on(...)` (RxSwift's `do`): `starting` runs before the source is started, `disposed` once when
            // the produced signal ends by a terminal event or an interruption (Signal.swift:1103).
            return try producer(for: source).on(
                starting: hooks.onSubscribe, failed: hooks.onError, completed: hooks.onCompleted,
                disposed: hooks.onDispose, value: hooks.onNext)
        case .asyncMap(let source, let transform):
            // flatMap(.merge) into a one-shot producer: one value, then completed.
            let start = transform.start
            return try producer(for: source).flatMap(.merge) { value in
                Stream { observer, _ in
                    start(value) { reply in
                        observer.send(value: reply)
                        observer.sendCompleted()
                    }
                }
            }
        case .asyncFilter(let source, let predicate):
            let start = predicate.start
            return try producer(for: source).flatMap(.merge) { value in
                Stream { observer, _ in
                    start(value) { keep in
                        if keep { observer.send(value: value) }
                        observer.sendCompleted()
                    }
                }
            }
        case .retry(let source, let attempts):
            // ReactiveSwift counts retries (SignalProducer.swift:2395), the suite counts subscriptions.
            return try producer(for: source).retry(upTo: max(0, attempts - 1))
        case .catchError(let source, let handler):
            let translator = self
            return try producer(for: source).flatMapError { error in
                translator.translatedOrFailing(handler.recover(error))
            }
        case .subscribeOn(let source, let spec):
            return try producer(for: source).start(on: scheduler(spec, "subscribeOn"))
        case .observeOn(let source, let spec):
            return try producer(for: source).observe(on: scheduler(spec, "observeOn"))

        case .merge(let sources):
            return try SignalProducer.merge(sources.map { (flow) throws(UnsupportedFlow) in try producer(for: flow) })
        case .concat(let sources):
            // No variadic concat: a producer of producers flattened one after the other (Flatten.swift:51), as
            // `merge` of a sequence flattens with `.merge` (Flatten.swift:561).
            let inputs = try sources.map { (flow) throws(UnsupportedFlow) in try producer(for: flow) }
            return SignalProducer<Stream, BenchError>(inputs).flatten(.concat)
        case .flatMap(let source, let selector) where selector.returnsJust:
            let value = selector.justValue.apply
            return try producer(for: source).flatMap(.merge) { Stream(value: value($0)) }
        case .flatMap(let source, let selector):
            let translator = self
            return try producer(for: source).flatMap(.merge) { translator.translatedOrFailing(selector.select($0)) }
        case .flatMapLatest(let source, let selector) where selector.returnsJust:
            let value = selector.justValue.apply
            return try producer(for: source).flatMap(.latest) { Stream(value: value($0)) }
        case .flatMapLatest(let source, let selector):
            let translator = self
            return try producer(for: source).flatMap(.latest) { translator.translatedOrFailing(selector.select($0)) }
        case .combineLatest(let sources, let combiner):
            // As its users write it: the arity forms for two to four inputs (SignalProducer.swift:2138-2160), the
            // array form beyond.
            let inputs = try sources.map { (flow) throws(UnsupportedFlow) in try producer(for: flow) }
            switch inputs.count {
            case 2:
                let combine = combiner.arity2
                return SignalProducer.combineLatest(inputs[0], inputs[1]).map { combine($0, $1) }
            case 3:
                let combine = combiner.arity3
                return SignalProducer.combineLatest(inputs[0], inputs[1], inputs[2]).map { combine($0, $1, $2) }
            case 4:
                let combine = combiner.arity4
                return SignalProducer.combineLatest(inputs[0], inputs[1], inputs[2], inputs[3]).map { combine($0, $1, $2, $3) }
            default:
                return SignalProducer.combineLatest(inputs).map(combiner.combine)
            }
        case .zip(let sources, let combiner):
            // The arity forms for two to four inputs (SignalProducer.swift:2222-2244), the array form beyond.
            let inputs = try sources.map { (flow) throws(UnsupportedFlow) in try producer(for: flow) }
            switch inputs.count {
            case 2:
                let combine = combiner.arity2
                return SignalProducer.zip(inputs[0], inputs[1]).map { combine($0, $1) }
            case 3:
                let combine = combiner.arity3
                return SignalProducer.zip(inputs[0], inputs[1], inputs[2]).map { combine($0, $1, $2) }
            case 4:
                let combine = combiner.arity4
                return SignalProducer.zip(inputs[0], inputs[1], inputs[2], inputs[3]).map { combine($0, $1, $2, $3) }
            default:
                return SignalProducer.zip(inputs).map(combiner.combine)
            }
        case .takeUntil(let source, let trigger):
            // take(until:) wants a `SignalProducer<(), Never>` and stops on the trigger's value *or completion*,
            // ignoring its failure (Signal.swift:1339-1350). The trigger's error has to be handled to make it
            // `Never`: a ReactiveSwift user ends it (`flatMapError { _ in .empty }`), which then also stops the
            // source; no form forwards the trigger's error.
            let stop = try producer(for: trigger).map { _ in () }.flatMapError { _ in SignalProducer<(), Never>.empty }
            return try producer(for: source).take(until: stop)
        case .using(let hooks, let body):
            return using(hooks, body)

        case .single(let single):
            return self.single(single)
        case .asSingle(let source):
            // No one-result type: callers take the first value (RxCheatsheet.md: "Maybe ... take(first: 1)").
            return try producer(for: source).take(first: 1)
        case .singleFlatMap(let source, let selector):
            if let answer = selector.answer?.apply {
                return try producer(for: source).flatMap(.merge) { Stream(value: answer($0)) }
            }
            let translator = self
            return try producer(for: source).flatMap(.merge) { translator.single(selector.select($0)) }

        case .system(let initial, let reduce, let feedbacks):
            return system(initial: initial, reduce: reduce, feedbacks: feedbacks)
        case .feedbackState:
            // Outside a `.system` there is no state stream: a malformed flow, reported as an error.
            return feedbackState ?? SignalProducer(error: .foreign)
        }
    }

    /// For flows made at start time (factories, selectors, handlers): ReactiveSwift's closures cannot throw
    /// `UnsupportedFlow`, so an inner flow the row cannot express fails the stream with `BenchError.foreign`.
    func translatedOrFailing(_ flow: Flow) -> Stream {
        do { return try producer(for: flow) } catch { return SignalProducer(error: .foreign) }
    }

    /// ReactiveSwift's schedulers (Sources/Scheduler.swift): `ImmediateScheduler`, `UIScheduler`,
    /// `QueueScheduler`, `TestScheduler`; none is a current-thread trampoline. `QueueScheduler` cannot wrap an
    /// existing queue (the initialiser that did, `init(queue:name:)`, is obsoleted and made a new queue too,
    /// Scheduler.swift:353): `init(targeting:)` makes its own serial queue whose work runs on the given one
    /// (Scheduler.swift:365). One scheduler per operator, made when the chain is built, as a user's.
    private func scheduler(_ spec: SchedulerSpec, _ operation: String) throws(UnsupportedFlow) -> Scheduler {
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
    private func create(_ emitter: Emitter) -> Stream {
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
    private func single(_ producer: SingleProducer) -> Stream {
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
    private func using(_ hooks: ResourceHooks, _ body: ResourceFlow) -> Stream {
        let translator = self
        return Stream { observer, lifetime in
            let resource = hooks.acquire()
            lifetime += translator.translatedOrFailing(body.make(resource)).start(observer)
            lifetime.observeEnded { hooks.release(resource) }
        }
    }

    /// RxFeedback's loop from ReactiveSwift's parts, as ReactiveFeedback's `Loop` builds it: the state is a
    /// `Signal.reentrantUnserializedPipe()` (Signal.swift:557), whose recursive sends are queued and drained
    /// after the current one (ReactiveSwift's trampoline for exactly this), so a synchronous loop does not
    /// recurse. The output observes the state first, then the feedbacks see it; their mutations are merged
    /// and scanned, and each new state (and the mutations' termination) is sent back into the pipe.
    private func system(initial: Int, reduce: IntAccumulator, feedbacks: [Flow]) -> Stream {
        let subjects = self.subjects
        let combine = reduce.combine
        return Stream { observer, lifetime in
            let (state, stateInput) = Signal<Int, BenchError>.reentrantUnserializedPipe()
            lifetime += state.observe(observer)
            let translator = ReactiveSwiftTranslator(subjects: subjects, feedbackState: SignalProducer(state))
            let mutations = SignalProducer.merge(feedbacks.map { translator.translatedOrFailing($0) })
            lifetime += mutations.scan(initial, combine).start(stateInput)
            stateInput.send(value: initial)
        }
    }
}
