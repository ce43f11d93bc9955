import Dispatch
import RxBenchKit
import RxSwift

/// One recursive translation of a `Flow` into RxSwift's operators, as an RxSwift user writes them. Selectors,
/// factories and handlers translate the flow they return when RxSwift asks for it.
struct RxSwiftTranslator {
    let subjects: [RxSwiftSubject]
    /// The state stream of the innermost enclosing `.system`, for `.feedbackState`.
    let feedbackState: Observable<Int>?

    func observable(for flow: Flow) -> Observable<Int> {
        switch flow {
        case .just(let value):
            return .just(value)
        case .from(let values):
            return .from(values)
        case .empty:
            return .empty()
        case .never:
            return .never()
        case .fail(let error):
            return .error(error)
        case .create(let emitter):
            return create(emitter)
        case .deferred(let factory):
            return .deferred { observable(for: factory.make()) }
        case .subject(let index):
            return subjects[index].observable

        case .map(let source, let transform):
            return observable(for: source).map(transform.apply)
        case .compactMap(let source, let transform):
            return observable(for: source).compactMap(transform.apply)
        case .filter(let source, let predicate):
            return observable(for: source).filter(predicate.test)
        case .scan(let source, let seed, let accumulator):
            return observable(for: source).scan(seed, accumulator: accumulator.combine)
        case .reduce(let source, let seed, let accumulator):
            return observable(for: source).reduce(seed, accumulator: accumulator.combine)
        case .take(let source, let count):
            return observable(for: source).take(max(0, count))
        case .skip(let source, let count):
            return observable(for: source).skip(count)
        case .distinctUntilChanged(let source):
            return observable(for: source).distinctUntilChanged()
        case .distinctUntilChangedByKey(let source, let key):
            return observable(for: source).distinctUntilChanged(key.key)
        case .distinctUntilChangedByComparer(let source, let equivalence):
            return observable(for: source).distinctUntilChanged(equivalence.areEqual)
        // RxSwift's map, filter, scan, reduce, flatMap, key selectors and comparers take `throws` closures.
        case .tryMap(let source, let transform):
            return observable(for: source).map { try transform.apply($0) }
        case .tryFilter(let source, let predicate):
            return observable(for: source).filter { try predicate.test($0) }
        case .tryScan(let source, let seed, let accumulator):
            return observable(for: source).scan(seed) { try accumulator.combine($0, $1) }
        case .tryReduce(let source, let seed, let accumulator):
            return observable(for: source).reduce(seed) { try accumulator.combine($0, $1) }
        case .tryFlatMap(let source, let selector):
            return observable(for: source).flatMap { observable(for: try selector.select($0)) }
        case .tryFlatMapLatest(let source, let selector):
            return observable(for: source).flatMapLatest { observable(for: try selector.select($0)) }
        case .tryDistinctUntilChangedByKey(let source, let key):
            return observable(for: source).distinctUntilChanged { try key.key($0) }
        case .tryDistinctUntilChangedByComparer(let source, let equivalence):
            return observable(for: source).distinctUntilChanged { try equivalence.areEqual($0, $1) }
        case .tryCatchError(let source, let handler):
            return observable(for: source).catch { error in observable(for: try handler.recover(benchError(error))) }
        case .tryUsing(let hooks, let body):
            return .using({ try AcquiredResource(hooks) }, observableFactory: { observable(for: try body.make($0.value)) })
        case .startWith(let source, let values):
            return startWith(observable(for: source), values)
        case .tap(let source, let hooks):
            return tap(observable(for: source), hooks)
        // RxSwift has no asyncMap: a user flat-maps each value into a one-shot `create` that answers once.
        case .asyncMap(let source, let transform):
            return observable(for: source).flatMap { value in
                Observable<Int>.create { observer in
                    transform.start(value) { answer in
                        observer.onNext(answer)
                        observer.onCompleted()
                    }
                    return Disposables.create()
                }
            }
        case .asyncFilter(let source, let predicate):
            return observable(for: source).flatMap { value in
                Observable<Int>.create { observer in
                    predicate.start(value) { keep in
                        if keep { observer.onNext(value) }
                        observer.onCompleted()
                    }
                    return Disposables.create()
                }
            }
        case .retry(let source, let attempts):
            // RxSwift counts subscriptions, as the suite does (Retry.swift: `maxAttemptCount`).
            return observable(for: source).retry(attempts)
        case .catchError(let source, let handler):
            return observable(for: source).catch { error in observable(for: handler.recover(benchError(error))) }
        case .subscribeOn(let source, let spec):
            guard let scheduler = scheduler(spec) else { return observable(for: source) }
            return observable(for: source).subscribe(on: scheduler)
        case .observeOn(let source, let spec):
            guard let scheduler = scheduler(spec) else { return observable(for: source) }
            return observable(for: source).observe(on: scheduler)

        case .merge(let sources):
            return .merge(sources.map(observable(for:)))
        case .concat(let sources):
            return .concat(sources.map(observable(for:)))
        case .flatMap(let source, let selector) where selector.returnsJust:
            let value = selector.justValue.apply
            return observable(for: source).flatMap { Observable.just(value($0)) }
        case .flatMap(let source, let selector):
            return observable(for: source).flatMap { observable(for: selector.select($0)) }
        case .flatMapLatest(let source, let selector) where selector.returnsJust:
            let value = selector.justValue.apply
            return observable(for: source).flatMapLatest { Observable.just(value($0)) }
        case .flatMapLatest(let source, let selector):
            return observable(for: source).flatMapLatest { observable(for: selector.select($0)) }
        case .combineLatest(let sources, let combiner):
            let inputs = sources.map(observable(for:))
            switch inputs.count {
            case 2: return .combineLatest(inputs[0], inputs[1], resultSelector: combiner.arity2)
            case 3: return .combineLatest(inputs[0], inputs[1], inputs[2], resultSelector: combiner.arity3)
            case 4: return .combineLatest(inputs[0], inputs[1], inputs[2], inputs[3], resultSelector: combiner.arity4)
            default: return .combineLatest(inputs, resultSelector: combiner.combine)
            }
        case .zip(let sources, let combiner):
            let inputs = sources.map(observable(for:))
            switch inputs.count {
            case 2: return .zip(inputs[0], inputs[1], resultSelector: combiner.arity2)
            case 3: return .zip(inputs[0], inputs[1], inputs[2], resultSelector: combiner.arity3)
            case 4: return .zip(inputs[0], inputs[1], inputs[2], inputs[3], resultSelector: combiner.arity4)
            default: return .zip(inputs, resultSelector: combiner.combine)
            }
        case .takeUntil(let source, let trigger):
            return observable(for: source).take(until: observable(for: trigger))
        case .using(let hooks, let body):
            return .using({ AcquiredResource(hooks) }, observableFactory: { observable(for: body.make($0.value)) })

        case .system(let initial, let reduce, let feedbacks):
            return system(initial: initial, reduce: reduce, feedbacks: feedbacks)
        case .feedbackState:
            // Outside a `.system` there is no state stream: a malformed flow, reported as an error.
            return feedbackState ?? .error(BenchError.foreign)

        case .single, .asSingle, .singleFlatMap:
            // A one-result flow used as a stream (concat of singles, ...): the trait's own observable.
            return single(for: flow)?.asObservable() ?? .error(BenchError.foreign)
        }
    }

    /// A one-result flow as a `Single`: `Single.create`, `asSingle()`, and the trait's `map` and `flatMap`.
    /// Nil for every other flow.
    func single(for flow: Flow) -> Single<Int>? {
        switch flow {
        case .single(let producer):
            return single(producer)
        case .asSingle(let source):
            return observable(for: source).asSingle()
        case .map(let source, let transform):
            return single(for: source)?.map(transform.apply)
        case .singleFlatMap(let source, let selector):
            return single(for: source)?.flatMap { value in single(selector.select(value)) }
        default:
            return nil
        }
    }

    private func single(_ producer: SingleProducer) -> Single<Int> {
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
    private func create(_ emitter: Emitter) -> Observable<Int> {
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
    private func startWith(_ source: Observable<Int>, _ values: [Int]) -> Observable<Int> {
        switch values.count {
        case 0: source
        case 1: source.startWith(values[0])
        case 2: source.startWith(values[0], values[1])
        case 3: source.startWith(values[0], values[1], values[2])
        case 4: source.startWith(values[0], values[1], values[2], values[3])
        default: .concat([.from(values), source])
        }
    }

    private func tap(_ source: Observable<Int>, _ hooks: TapHooks) -> Observable<Int> {
        let onError: ((Swift.Error) throws -> Void)? = hooks.onError.map { hook in { hook(benchError($0)) } }
        return source.do(
            onNext: hooks.onNext, onError: onError, onCompleted: hooks.onCompleted, onSubscribe: hooks.onSubscribe,
            onDispose: hooks.onDispose)
    }

    /// RxSwift's schedulers; nil for `.immediate`: RxSwift's `ImmediateScheduler` is internal, and a user who
    /// wants work done at once on the calling thread writes no `subscribe(on:)` or `observe(on:)` at all.
    private func scheduler(_ spec: SchedulerSpec) -> ImmediateSchedulerType? {
        switch spec {
        case .immediate: nil
        case .trampoline: CurrentThreadScheduler.instance
        case .serial(let queue): SerialDispatchQueueScheduler(queue: queue, internalSerialQueueName: "rxbench.observeOn")
        }
    }

    /// RxFeedback's `system` from RxSwift's own parts, as RxFeedback writes it: a `ReplaySubject` of one
    /// state replays it to the feedbacks through the current-thread trampoline, the feedbacks' mutations are
    /// merged and scanned, and each new state goes back into the subject.
    private func system(initial: Int, reduce: IntAccumulator, feedbacks: [Flow]) -> Observable<Int> {
        let subjects = self.subjects
        return .deferred {
            let state = ReplaySubject<Int>.create(bufferSize: 1)
            let replayed = state.asObservable().observe(on: CurrentThreadScheduler.instance)
            let translator = RxSwiftTranslator(subjects: subjects, feedbackState: replayed)
            let mutations = Observable.merge(feedbacks.map(translator.observable(for:)))
            return mutations
                .scan(initial, accumulator: reduce.combine)
                .do(onNext: { state.onNext($0) }, onSubscribed: { state.onNext(initial) })
                .startWith(initial)
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
