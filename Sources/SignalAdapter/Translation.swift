import RxBenchCore
import SignalEngine

/// The recursive translation of a `Flow`. `state` is the state signal of the innermost enclosing
/// `.system`, which `.feedbackState` stands for.
struct Translation {
    let subjects: [SignalSubject]

    typealias IntSignal = Signal<Int, BenchError>

    func signal(_ flow: Flow, state: IntSignal?) -> IntSignal {
        switch flow {
        // Sources
        case .just(let value):
            return .single(value)
        case .from(let values):
            return .sequence(values)
        case .empty:
            return .complete()
        case .never:
            return .never()
        case .fail(let error):
            return .fail(error)
        case .create(let emitter):
            return create(emitter)
        case .deferred(let factory):
            return deferred { self.signal(factory.make(), state: state) }
        case .subject(let index):
            return subjects[index].signal

        // One input
        case .map(let source, let transform):
            return signal(source, state: state) |> map(transform.apply)
        case .compactMap(let source, let transform):
            return signal(source, state: state) |> filterMap(transform.apply)
        case .filter(let source, let predicate):
            return signal(source, state: state) |> filter(predicate.test)
        case .scan(let source, let seed, let accumulator):
            return signal(source, state: state) |> scan(seed, accumulator.combine)
        case .reduce(let source, let seed, let accumulator):
            return signal(source, state: state) |> reduceLeft(value: seed, f: accumulator.combine)
        case .take(let source, let count):
            return signal(source, state: state) |> take(count)
        case .skip(let source, let count):
            return signal(source, state: state) |> skip(count)
        case .distinctUntilChanged(let source):
            return signal(source, state: state) |> distinctUntilChanged
        case .distinctUntilChangedByKey(let source, let key):
            let keyOf = key.key
            return signal(source, state: state) |> distinctUntilChanged(isEqual: { keyOf($0) == keyOf($1) })
        case .distinctUntilChangedByComparer(let source, let equivalence):
            return signal(source, state: state) |> distinctUntilChanged(isEqual: equivalence.areEqual)
        case .tryMap(let source, let transform):
            let apply = transform.apply
            return signal(source, state: state) |> tryMap { value in Result { () throws(BenchError) in try apply(value) } }
        case .tryFilter(let source, let predicate):
            let test = predicate.test
            return signal(source, state: state) |> tryFilter { value in Result { () throws(BenchError) in try test(value) } }
        case .tryScan(let source, let seed, let accumulator):
            let combine = accumulator.combine
            return signal(source, state: state)
                |> tryScan(seed) { running, value in Result { () throws(BenchError) in try combine(running, value) } }
        // SwiftSignalKit's selectors and handlers cannot throw: a throw becomes a failing inner signal (`.fail`).
        case .tryFlatMap(let source, let selector):
            return signal(.flatMap(source, selector.failingInner), state: state)
        case .tryFlatMapLatest(let source, let selector):
            return signal(.flatMapLatest(source, selector.failingInner), state: state)
        // Its distinctUntilChanged has no throwing form: the key or comparer answers a `Result`, as in tryMap.
        case .tryDistinctUntilChangedByKey(let source, let key):
            let keyOf = key.key
            return signal(source, state: state)
                |> tryDistinctUntilChanged(key: { value in Result { () throws(BenchError) in try keyOf(value) } })
        case .tryDistinctUntilChangedByComparer(let source, let equivalence):
            let areEqual = equivalence.areEqual
            return signal(source, state: state)
                |> tryDistinctUntilChanged(isEqual: { previous, value in
                    Result { () throws(BenchError) in try areEqual(previous, value) }
                })
        case .tryCatchError(let source, let handler):
            return signal(.catchError(source, handler.failingContinuation), state: state)
        case .tryUsing(let hooks, let body):
            return signal(.usingFailingFactories(hooks, body), state: state)
        case .tryReduce(let source, let seed, let accumulator):
            let combine = accumulator.combine
            return signal(source, state: state)
                |> tryReduceLeft(value: seed) { running, value in
                    Result { () throws(BenchError) in try combine(running, value) }
                }
        case .startWith(let source, let values):
            return signal(source, state: state) |> startWith(values)
        case .tap(let source, let hooks):
            return tap(signal(source, state: state), hooks)
        case .asyncMap(let source, let transform):
            let start = transform.start
            return signal(source, state: state) |> asyncMap { value, reply in start(value) { reply($0) } }
        case .asyncFilter(let source, let predicate):
            let start = predicate.start
            return signal(source, state: state) |> asyncFilter { value, reply in start(value) { reply($0) } }
        case .retry(let source, let attempts):
            return signal(source, state: state) |> restartIfError(attempts: attempts)
        case .catchError(let source, let handler):
            return signal(source, state: state) |> `catch` { self.signal(handler.recover($0), state: state) }
        case .subscribeOn(let source, let scheduler):
            let inner = signal(source, state: state)
            switch scheduler {
            case .immediate: return inner
            case .trampoline: return inner |> runOn(Trampoline.currentThread)
            case .serial(let queue): return inner |> runOn(Queue(queue: queue))
            }
        case .observeOn(let source, let scheduler):
            let inner = signal(source, state: state)
            switch scheduler {
            case .immediate: return inner
            case .trampoline: return inner |> deliverOn(Trampoline.currentThread)
            case .serial(let queue): return inner |> deliverOn(Queue(queue: queue))
            }

        // Several inputs
        case .merge(let sources):
            return mergeSignals(sources.map { signal($0, state: state) })
        case .concat(let sources):
            return concatSignals(sources.map { signal($0, state: state) })
        case .flatMap(let source, let selector) where selector.returnsJust:
            let value = selector.justValue.apply
            return signal(source, state: state) |> mapToSignalMerging { Signal<Int, BenchError>.single(value($0)) }
        case .flatMap(let source, let selector):
            return signal(source, state: state) |> mapToSignalMerging { self.signal(selector.select($0), state: state) }
        case .flatMapLatest(let source, let selector) where selector.returnsJust:
            let value = selector.justValue.apply
            return signal(source, state: state) |> mapToSignal { Signal<Int, BenchError>.single(value($0)) }
        case .flatMapLatest(let source, let selector):
            return signal(source, state: state) |> mapToSignal { self.signal(selector.select($0), state: state) }
        case .combineLatest(let sources, let combiner):
            let inputs = sources.map { signal($0, state: state) }
            switch inputs.count {
            case 2: return combineLatest(inputs[0], inputs[1], combiner.arity2)
            case 3: return combineLatest(inputs[0], inputs[1], inputs[2], combiner.arity3)
            case 4: return combineLatest(inputs[0], inputs[1], inputs[2], inputs[3], combiner.arity4)
            default: return combineLatest(inputs, combiner.combine)
            }
        case .zip(let sources, let combiner):
            let inputs = sources.map { signal($0, state: state) }
            switch inputs.count {
            case 2: return zipSignals(inputs[0], inputs[1], combiner.arity2)
            case 3: return zipSignals(inputs[0], inputs[1], inputs[2], combiner.arity3)
            case 4: return zipSignals(inputs[0], inputs[1], inputs[2], inputs[3], combiner.arity4)
            default: return zipSignals(inputs, combiner.combine)
            }
        case .takeUntil(let source, let trigger):
            return signal(source, state: state) |> takeUntil(signal(trigger, state: state))
        case .using(let hooks, let body):
            return using(hooks.acquire, { self.signal(body.make($0), state: state) }, release: hooks.release)

        // Feedback
        case .system(let initial, let reduce, let feedbacks):
            let loops: [(IntSignal) -> IntSignal] = feedbacks.map { feedback in
                { stateSignal in self.signal(feedback, state: stateSignal) }
            }
            return system(initialState: initial, reduce: reduce.combine, feedbacks: loops)
        case .feedbackState:
            guard let state else { preconditionFailure("feedbackState outside a system") }
            return state

        // One result: a signal that puts one value and completes; callers of a signal that may put more
        // take its first value (`take(1)`); the next request is `mapToSignal` of the answer.
        case .single(let producer):
            return single(producer)
        case .asSingle(let source):
            return signal(source, state: state) |> take(1)
        case .singleFlatMap(let source, let selector):
            return signal(source, state: state) |> mapToSignal { self.single(selector.select($0)) }
        }
    }

    /// A request's signal: the producer puts its answer and completes, or puts an error.
    private func single(_ producer: SingleProducer) -> IntSignal {
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
    private func create(_ emitter: Emitter) -> IntSignal {
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
    private func tap(_ source: IntSignal, _ hooks: TapHooks) -> IntSignal {
        var result = source
        if let onNext = hooks.onNext { result = result |> beforeNext(onNext) }
        if let onError = hooks.onError { result = result |> beforeError(onError) }
        if let onCompleted = hooks.onCompleted { result = result |> beforeCompleted(onCompleted) }
        if let onDispose = hooks.onDispose { result = result |> afterDisposed(onDispose) }
        if let onSubscribe = hooks.onSubscribe { result = result |> beforeStarted(onSubscribe) }
        return result
    }
}
