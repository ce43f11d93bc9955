import RxBenchCore
import SubscriberEngine

/// The one recursive translation of `Flow` into a `RACSignal<Int>`, shared by every variant; they differ only
/// in which `map`, `filter` and `take` it calls and in how asyncMap/asyncFilter end their inner signal.
struct Translation: Sendable {
    enum Operators: Sendable {
        /// RACStream's: `bind` stages.
        case bind
        /// Direct subscribers (`mapDirect`, `filterDirect`, `takeDirect`).
        case direct
    }

    /// How asyncMap and asyncFilter make their per-value inner signal (the RAC extension has both).
    enum AsyncStyle: Sendable {
        /// A one-time signal whose subscriber completes itself after its first value.
        case oneTime
        /// The reply signal limited with `take(1)`.
        case takeOne
    }

    let operators: Operators
    var asyncStyle: AsyncStyle = .oneTime
    let subjects: [SubscriberSubject]
    /// The state stream of the innermost enclosing `.system`, for `.feedbackState`.
    var feedbackState: RACSignal<Int>? = nil

    init(operators: Operators, subjects: [SubscriberSubject]) {
        self.operators = operators
        self.subjects = subjects
    }

    /// The blocks of `subscribeNext:error:completed:`, made once per observer.
    static func blocks(_ observer: EventObserver) -> SubscriberBlocks {
        let error = observer.error
        return SubscriberBlocks(next: observer.next, error: { error(benchError($0)) }, completed: observer.completed)
    }

    static func subscribe(_ stream: RACSignal<Int>, _ blocks: SubscriberBlocks) -> Disposable? {
        stream.subscribeNext(blocks.next, error: blocks.error, completed: blocks.completed)
    }

    static var liveObjects: Int? { LiveObjects.current }

    func signal(_ flow: Flow) -> RACSignal<Int> {
        switch flow {
        case .just(let value):
            return .return(value)
        case .from(let values):
            return .from(values)
        case .empty:
            return .empty
        case .never:
            return .never
        case .fail(let error):
            return .error(error)
        case .create(let emitter):
            return create(emitter)
        case .deferred(let factory):
            return .defer { signal(factory.make()) }
        case .subject(let index):
            return subjects[index].signal

        case .map(let source, let transform):
            return map(signal(source), transform.apply)
        case .compactMap(let source, let transform):
            return signal(source).filterMap(transform.apply)
        case .filter(let source, let predicate):
            switch operators {
            case .bind: return signal(source).filter(predicate.test)
            case .direct: return signal(source).filterDirect(predicate.test)
            }
        case .scan(let source, let seed, let accumulator):
            return signal(source).scan(withStart: seed, reduce: accumulator.combine)
        case .reduce(let source, let seed, let accumulator):
            return signal(source).aggregate(withStart: seed, reduce: accumulator.combine)
        case .take(let source, let count):
            switch operators {
            case .bind: return signal(source).take(count)
            case .direct: return signal(source).takeDirect(count)
            }
        case .skip(let source, let count):
            return signal(source).skip(count)
        case .distinctUntilChanged(let source):
            return signal(source).distinctUntilChanged()
        // RACStream's `-distinctUntilChanged` compares with `-isEqual:` only; RAC users write the key or
        // comparer into the same `bind`.
        case .distinctUntilChangedByKey(let source, let key):
            let keyOf = key.key
            return signal(source).distinctUntilChanged(isEqual: { keyOf($0) == keyOf($1) })
        case .distinctUntilChangedByComparer(let source, let equivalence):
            return signal(source).distinctUntilChanged(isEqual: equivalence.areEqual)
        // RAC's blocks report failure through an error out-parameter and a `nil` answer (`-tryMap:`).
        case .tryMap(let source, let transform):
            return signal(source).tryMap { value, errorPtr in
                do throws(BenchError) { return try transform.apply(value) } catch { errorPtr = error; return nil }
            }
        case .tryFilter(let source, let predicate):
            return signal(source).tryFilter { value, errorPtr in
                do throws(BenchError) { return try predicate.test(value) } catch { errorPtr = error; return nil }
            }
        // RAC's blocks cannot throw: a failure is returned as `[RACSignal error:]`, as `-tryMap:` does.
        case .tryFlatMap(let source, let selector):
            return signal(.flatMap(source, selector.failingInner))
        case .tryFlatMapLatest(let source, let selector):
            return signal(.flatMapLatest(source, selector.failingInner))
        // The key or comparer block reports failure through the out-parameter, as `-tryMap:`'s does.
        case .tryDistinctUntilChangedByKey(let source, let key):
            return signal(source).tryDistinctUntilChanged(key: { value, errorPtr in
                do throws(BenchError) { return try key.key(value) } catch { errorPtr = error; return nil }
            })
        case .tryDistinctUntilChangedByComparer(let source, let equivalence):
            return signal(source).tryDistinctUntilChanged(isEqual: { previous, value, errorPtr in
                do throws(BenchError) { return try equivalence.areEqual(previous, value) } catch { errorPtr = error; return nil }
            })
        case .tryCatchError(let source, let handler):
            return signal(.catchError(source, handler.failingContinuation))
        case .tryUsing(let hooks, let body):
            return signal(.usingFailingFactories(hooks, body))
        case .tryReduce(let source, let seed, let accumulator):
            return signal(source).tryAggregate(withStart: seed) { running, value, errorPtr in
                do throws(BenchError) {
                    return try accumulator.combine(running, value)
                } catch {
                    errorPtr = error
                    return nil
                }
            }
        case .tryScan(let source, let seed, let accumulator):
            return signal(source).tryScan(withStart: seed) { running, value, errorPtr in
                do throws(BenchError) {
                    return try accumulator.combine(running, value)
                } catch {
                    errorPtr = error
                    return nil
                }
            }
        case .startWith(let source, let values):
            return signal(source).startWith(values)
        case .tap(let source, let hooks):
            return tap(signal(source), hooks)
        case .asyncMap(let source, let transform):
            let start: (Int, @escaping (Int) -> Void) -> Void = { value, reply in transform.start(value) { reply($0) } }
            return asyncStyle == .oneTime ? signal(source).asyncMap(start) : signal(source).asyncMapUsingTake(start)
        case .asyncFilter(let source, let predicate):
            let start: (Int, @escaping (Bool) -> Void) -> Void = { value, reply in predicate.start(value) { reply($0) } }
            return asyncStyle == .oneTime
                ? signal(source).asyncFilter(start) : signal(source).asyncFilterUsingTake(start)
        case .retry(let source, let attempts):
            return signal(source).retry(max(attempts - 1, 0))
        case .catchError(let source, let handler):
            return signal(source).catch { error in signal(handler.recover(benchError(error))) }
        case .subscribeOn(let source, let spec):
            return signal(source).subscribeOn(scheduler(spec))
        case .observeOn(let source, let spec):
            return signal(source).deliverOn(scheduler(spec))

        case .merge(let flows):
            return .merge(flows.map(signal))
        case .concat(let flows):
            return .concat(flows.map(signal))
        case .flatMap(let source, let selector) where selector.returnsJust:
            let value = selector.justValue.apply
            return signal(source).flattenMap { RACSignal.return(value($0)) }
        case .flatMap(let source, let selector):
            return signal(source).flattenMap { signal(selector.select($0)) }
        case .flatMapLatest(let source, let selector) where selector.returnsJust:
            let value = selector.justValue.apply
            return map(signal(source)) { RACSignal.return(value($0)) }.switchToLatest()
        case .flatMapLatest(let source, let selector):
            return map(signal(source)) { signal(selector.select($0)) }.switchToLatest()
        case .combineLatest(let flows, let combiner):
            return combineLatest(flows.map(signal), combiner)
        case .zip(let flows, let combiner):
            return zip(flows.map(signal), combiner)
        case .takeUntil(let source, let trigger):
            return signal(source).takeUntil(signal(trigger))
        case .using(let hooks, let body):
            return .using(acquire: hooks.acquire, release: hooks.release) { signal(body.make($0)) }

        case .system(let initial, let reduce, let feedbacks):
            return .system(
                initialState: initial, reduce: reduce.combine,
                feedbacks: feedbacks.map { feedback in
                    { state in
                        var inner = self
                        inner.feedbackState = state
                        return inner.signal(feedback)
                    }
                })
        case .feedbackState:
            // Outside a `.system` this is a malformed flow: make the defect visible.
            return feedbackState ?? .error(BenchError.foreign)

        // One result: a signal that sends one value and completes; callers of a signal that may send more
        // take its first value (`take:1`); the next request is `flattenMap` of the answer.
        case .single(let producer):
            return single(producer)
        case .asSingle(let source):
            return signal(.take(source, count: 1))
        case .singleFlatMap(let source, let selector):
            return signal(source).flattenMap { single(selector.select($0)) }
        }
    }

    /// A request's signal: the create block sends the answer and completes, or sends an error.
    func single(_ producer: SingleProducer) -> RACSignal<Int> {
        switch producer {
        case .success(let value):
            return .createSignal { subscriber in
                subscriber.sendNext(value)
                subscriber.sendCompleted()
                return nil
            }
        case .failure(let error):
            return .createSignal { subscriber in
                subscriber.sendError(error)
                return nil
            }
        case .script(let script):
            return .createSignal { subscriber in
                let action = script(
                    SingleReply(
                        success: {
                            subscriber.sendNext($0)
                            subscriber.sendCompleted()
                        },
                        failure: { subscriber.sendError($0) }))
                return Disposable(action.run)
            }
        }
    }

    /// The variant's `map` for values. Not generic, so that the transform reaches the engine's own generic
    /// `map` as a user's closure would, without a reabstraction thunk made here per translation.
    func map(_ source: RACSignal<Int>, _ transform: @escaping (Int) -> Int) -> RACSignal<Int> {
        switch operators {
        case .bind: source.map(transform)
        case .direct: source.mapDirect(transform)
        }
    }

    func map<Result>(_ source: RACSignal<Int>, _ transform: @escaping (Int) -> Result) -> RACSignal<Result> {
        switch operators {
        case .bind: source.map(transform)
        case .direct: source.mapDirect(transform)
        }
    }

    /// The pump of the *Pumping workloads runs inside the create block, calling the passthrough subscriber.
    func create(_ emitter: Emitter) -> RACSignal<Int> {
        switch emitter {
        case .repeating(let value, let count, let thenComplete):
            return .createSignal { subscriber in
                for _ in 0..<count {
                    if subscriber.isDisposed { return nil }
                    subscriber.sendNext(value)
                }
                if thenComplete { subscriber.sendCompleted() }
                return nil
            }
        case .counting(let count, let thenComplete):
            return .createSignal { subscriber in
                for value in 0..<count {
                    if subscriber.isDisposed { return nil }
                    subscriber.sendNext(value)
                }
                if thenComplete { subscriber.sendCompleted() }
                return nil
            }
        case .script(let script):
            return .createSignal { subscriber in
                let action = script(
                    EventObserver(
                        next: { subscriber.sendNext($0) },
                        error: { subscriber.sendError($0) },
                        completed: { subscriber.sendCompleted() }))
                return Disposable(action.run)
            }
        }
    }

    func tap(_ source: RACSignal<Int>, _ hooks: TapHooks) -> RACSignal<Int> {
        var result = source
        if hooks.onNext != nil || hooks.onError != nil || hooks.onCompleted != nil {
            let onError = hooks.onError
            result = result.doEvents(
                next: hooks.onNext,
                error: onError.map { hook in { hook(benchError($0)) } },
                completed: hooks.onCompleted)
        }
        if let onDispose = hooks.onDispose { result = result.doDisposed(onDispose) }
        if let onSubscribe = hooks.onSubscribe { result = result.initially(onSubscribe) }
        return result
    }

    func combineLatest(_ signals: [RACSignal<Int>], _ combiner: IntCombiner) -> RACSignal<Int> {
        switch signals.count {
        case 0: return .empty
        case 2: return .combineLatest(signals[0], signals[1], reduce: combiner.arity2)
        case 3: return .combineLatest(signals[0], signals[1], signals[2], reduce: combiner.arity3)
        case 4: return .combineLatest(signals[0], signals[1], signals[2], signals[3], reduce: combiner.arity4)
        default: return RACSignal<[Int]>.combineLatest(signals).map(combiner.combine)
        }
    }

    func zip(_ signals: [RACSignal<Int>], _ combiner: IntCombiner) -> RACSignal<Int> {
        switch signals.count {
        case 0: return .empty
        case 2: return .zip(signals[0], signals[1], reduce: combiner.arity2)
        case 3: return .zip(signals[0], signals[1], signals[2], reduce: combiner.arity3)
        case 4: return .zip(signals[0], signals[1], signals[2], signals[3], reduce: combiner.arity4)
        default: return RACSignal<[Int]>.zip(signals).map(combiner.combine)
        }
    }

    func scheduler(_ spec: SchedulerSpec) -> Scheduler {
        switch spec {
        case .immediate: .immediate
        case .trampoline: .trampoline
        case .serial(let queue): .queue(queue)
        }
    }
}

/// Native errors are `BenchError`; anything else is an adapter defect.
func benchError(_ error: any Error) -> BenchError {
    error as? BenchError ?? .foreign
}

/// The three blocks RAC's `subscribeNext:error:completed:` takes, converted once from an `EventObserver`.
public struct SubscriberBlocks: @unchecked Sendable {
    let next: (Int) -> Void
    let error: (Error) -> Void
    let completed: () -> Void
}
