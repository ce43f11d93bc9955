import Dispatch
import RxBenchCore
import SinkEngine

/// One recursive translation of a `Flow` into the sink engine's operators. Selectors, factories and
/// handlers translate the flow they return at the time the engine asks for it.
struct FlowTranslator {
    let subjects: [SubjectBase<Int>]
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
            return subjects[index].asObservable()

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
        // RxSwift's map, filter and scan take `throws` closures: the sink catches and forwards the error.
        case .tryMap(let source, let transform):
            return observable(for: source).map { try transform.apply($0) }
        case .tryFilter(let source, let predicate):
            return observable(for: source).filter { try predicate.test($0) }
        case .tryScan(let source, let seed, let accumulator):
            return observable(for: source).scan(seed) { try accumulator.combine($0, $1) }
        case .tryFlatMap(let source, let selector):
            return observable(for: source).flatMap { observable(for: try selector.select($0)) }
        case .tryFlatMapLatest(let source, let selector):
            return observable(for: source).flatMapLatest { observable(for: try selector.select($0)) }
        // RxSwift's key selector and comparer are `throws` too: the sink forwards what they throw as `.error`.
        case .tryDistinctUntilChangedByKey(let source, let key):
            return observable(for: source).distinctUntilChanged { try key.key($0) }
        case .tryDistinctUntilChangedByComparer(let source, let equivalence):
            return observable(for: source).distinctUntilChanged { try equivalence.areEqual($0, $1) }
        case .tryCatchError(let source, let handler):
            return observable(for: source).catch { error in observable(for: try handler.recover(benchError(error))) }
        case .tryUsing(let hooks, let body):
            return .using(
                { try AcquiredResource(hooks) }, observableFactory: { observable(for: try body.make($0.value)) })
        case .tryReduce(let source, let seed, let accumulator):
            return observable(for: source).reduce(seed) { try accumulator.combine($0, $1) }
        case .startWith(let source, let values):
            return observable(for: source).startWith(contentsOf: values)
        case .tap(let source, let hooks):
            return tap(observable(for: source), hooks)
        case .asyncMap(let source, let transform):
            return observable(for: source).asyncMap { value, reply in transform.start(value) { reply($0) } }
        case .asyncFilter(let source, let predicate):
            return observable(for: source).asyncFilter { value, reply in predicate.start(value) { reply($0) } }
        case .retry(let source, let attempts):
            return observable(for: source).retry(attempts)
        case .catchError(let source, let handler):
            return observable(for: source).catch { error in observable(for: handler.recover(benchError(error))) }
        case .subscribeOn(let source, let spec):
            return observable(for: source).subscribe(on: scheduler(spec))
        case .observeOn(let source, let spec):
            return observable(for: source).observe(on: scheduler(spec))

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
            case 4:
                return .combineLatest(inputs[0], inputs[1], inputs[2], inputs[3], resultSelector: combiner.arity4)
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
            return observable(for: source).takeUntil(observable(for: trigger))
        case .using(let hooks, let body):
            return .using({ AcquiredResource(hooks) }, observableFactory: { observable(for: body.make($0.value)) })

        case .system(let initial, let reduce, let feedbacks):
            let translator = self
            return .system(
                initialState: initial,
                reduce: reduce.combine,
                feedback: feedbacks.map { feedback in
                    { state in
                        FlowTranslator(subjects: translator.subjects, feedbackState: state).observable(for: feedback)
                    }
                })
        case .feedbackState:
            // Outside a `.system` there is no state stream: a malformed flow, reported as an error.
            return feedbackState ?? .error(BenchError.foreign)

        case .single, .asSingle, .singleFlatMap:
            // A one-result flow used as a stream (concat of singles, ...): the trait's own observable.
            return single(for: flow)?.asObservable() ?? .error(BenchError.foreign)
        }
    }

    /// A one-result flow as a `Single`: `Single.create`, `asSingle()`, and the trait's own `map` and
    /// `flatMap` over them. Nil for every other flow.
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

    /// `Single.create`, as RxSwift code wraps a request: the producer answers through `single(...)`.
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

    /// `.create`: the loops run inside the native create closure, calling the native observer.
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
                        next: { observer.onNext($0) },
                        error: { observer.onError($0) },
                        completed: { observer.onCompleted() }))
                return Disposables.create(with: action.run)
            }
        }
    }

    private func tap(_ source: Observable<Int>, _ hooks: TapHooks) -> Observable<Int> {
        let onError: ((Swift.Error) throws -> Void)? = hooks.onError.map { hook in { hook(benchError($0)) } }
        return source.do(
            onNext: hooks.onNext,
            onError: onError,
            onCompleted: hooks.onCompleted,
            onSubscribe: hooks.onSubscribe,
            onDispose: hooks.onDispose)
    }

    private func scheduler(_ spec: SchedulerSpec) -> ImmediateSchedulerType {
        switch spec {
        case .immediate: return ImmediateScheduler.instance
        case .trampoline: return CurrentThreadScheduler.instance
        case .serial(let queue): return SerialDispatchQueueScheduler(queue: queue)
        }
    }
}

/// The resource of `.using`: released exactly once, when the subscription ends.
final class AcquiredResource: Disposable {
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
