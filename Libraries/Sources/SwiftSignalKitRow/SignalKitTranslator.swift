import Dispatch
import RxBenchKit
import SwiftSignalKit

/// One recursive translation of a `Flow` into SwiftSignalKit signals composed with `|>`, the library's own
/// functions only. Line references are to Upstream/Signals/SwiftSignalKit/ at 3143e64. Where the fork has no
/// operator for a case the translation throws `UnsupportedFlow`; it does not assemble one from other operators.
struct SignalKitTranslator {
    typealias IntSignal = Signal<Int, BenchError>

    let subjects: [SwiftSignalKitSubject]

    func signal(for flow: Flow) throws(UnsupportedFlow) -> IntSignal {
        switch flow {
        // MARK: Sources (Signal.swift:60-89)
        case .just(let value):
            return .single(value)
        case .from(let values):
            return from(values)
        case .empty:
            return .complete()
        case .never:
            return .never()
        case .fail(let error):
            return .fail(error)
        case .create(let emitter):
            return create(emitter)
        case .deferred(let factory):
            // Signal_Meta.swift:232.
            let translator = self
            return deferred { translator.translatedOrFailing(factory.make()) }
        case .subject(let index):
            return subjects[index].signal

        // MARK: One input
        case .map(let source, let transform):
            return try signal(for: source) |> map(transform.apply)  // Signal_Mapping.swift:3
        case .compactMap:
            // Signal_Mapping.swift:33 `flatMap` maps the value inside an optional, it drops nothing.
            throw declined("compactMap", "SwiftSignalKit (this fork) has no filterMap")
        case .filter(let source, let predicate):
            return try signal(for: source) |> filter(predicate.test)  // Signal_Mapping.swift:17
        case .scan:
            // reduceLeft with `emit` (Signal_Reduce.swift:20) also puts the final value on completion: not a scan.
            throw declined("scan", "SwiftSignalKit has no scan")
        case .reduce(let source, let seed, let accumulator):
            return try signal(for: source) |> reduceLeft(value: seed, f: accumulator.combine)  // Signal_Reduce.swift:3
        case .take(let source, let count):
            // Signal_Take.swift:3: completes on the count-th value, so take(0) never completes early.
            return try signal(for: source) |> take(count)
        case .skip:
            throw declined("skip", "SwiftSignalKit has no skip")
        case .distinctUntilChanged(let source):
            return try signal(for: source) |> distinctUntilChanged  // Signal_Mapping.swift:82
        case .distinctUntilChangedByKey(let source, let key):
            // The library's comparer form (Signal_Mapping.swift:106) with the keys compared: it has no key form.
            let keyOf = key.key
            return try signal(for: source) |> distinctUntilChanged(isEqual: { keyOf($0) == keyOf($1) })
        case .distinctUntilChangedByComparer(let source, let equivalence):
            return try signal(for: source) |> distinctUntilChanged(isEqual: equivalence.areEqual)

        // MARK: Throwing transforms: SwiftSignalKit's closures cannot throw (docs/decisions/throwing-operators.md)
        case .tryMap:
            throw declined("tryMap", "SwiftSignalKit has no tryMap (its map takes a non-throwing closure)")
        case .tryFilter:
            throw declined("tryFilter", "SwiftSignalKit has no tryFilter (its filter takes a non-throwing closure)")
        case .tryScan:
            throw declined("tryScan", "SwiftSignalKit has no tryScan (nor scan)")
        case .tryReduce:
            throw declined("tryReduce", "SwiftSignalKit has no tryReduce (its reduceLeft takes a non-throwing closure)")
        case .tryDistinctUntilChangedByKey:
            throw declined("tryDistinctUntilChangedByKey", "SwiftSignalKit has no throwing distinctUntilChanged")
        case .tryDistinctUntilChangedByComparer:
            throw declined("tryDistinctUntilChangedByComparer", "SwiftSignalKit has no throwing distinctUntilChanged")
        case .tryFlatMap:
            throw declined("tryFlatMap", "SwiftSignalKit has no merging flatMap")
        // A selector that cannot throw returns `.fail` from mapToSignal, as SwiftSignalKit code does.
        case .tryFlatMapLatest(let source, let selector):
            return try signal(for: .flatMapLatest(source, selector.failingInner))
        // A handler that cannot throw returns `.fail` from `catch`.
        case .tryCatchError(let source, let handler):
            return try signal(for: .catchError(source, handler.failingContinuation))
        case .tryUsing:
            throw declined("tryUsing", "SwiftSignalKit has no using")

        case .startWith(let source, let values):
            // No startWith: SwiftSignalKit code prepends with its concat, `then` (Signal_Meta.swift:208):
            // `.single(v) |> then(signal)`.
            return try from(values) |> then(signal(for: source))
        case .tap(let source, let hooks):
            return try tap(signal(for: source), hooks)
        case .asyncMap:
            throw declined("asyncMap", "SwiftSignalKit has no merging flatMap to run the one-shot replies in")
        case .asyncFilter:
            throw declined("asyncFilter", "SwiftSignalKit has no merging flatMap to run the one-shot replies in")
        case .retry:
            // retry(retryOnError:...maxRetries:onQueue:) (Signal_Catch.swift:138) resubscribes asynchronously,
            // after a delay on a Queue; restartIfError (Signal_Catch.swift:187) has no bound.
            throw declined("retry", "SwiftSignalKit has no synchronous retry with a count")
        case .catchError(let source, let handler):
            // Signal_Catch.swift:3.
            let translator = self
            return try signal(for: source) |> `catch` { translator.translatedOrFailing(handler.recover($0)) }
        case .subscribeOn(let source, let spec):
            let upstream = try signal(for: source)
            switch spec {
            case .serial(let queue):
                return upstream |> runOn(Queue(queue: queue))  // Signal_Dispatch.swift:54
            case .immediate:
                // runOn takes a Queue, a DispatchQueue (Queue.swift:15): omitting it is a different, cheaper chain.
                throw declined("subscribeOn(immediate)", "SwiftSignalKit has no immediate scheduler")
            case .trampoline:
                throw declined("subscribeOn(trampoline)", "SwiftSignalKit has no trampoline")
            }
        case .observeOn(let source, let spec):
            let upstream = try signal(for: source)
            switch spec {
            case .serial(let queue):
                return upstream |> deliverOn(Queue(queue: queue))  // Signal_Dispatch.swift:3
            case .immediate:
                throw declined("observeOn(immediate)", "SwiftSignalKit has no immediate scheduler")
            case .trampoline:
                throw declined("observeOn(trampoline)", "SwiftSignalKit has no trampoline")
            }

        // MARK: Several inputs
        case .merge:
            // Signal_Merge.swift is commented out.
            throw declined("merge", "SwiftSignalKit has no merge")
        case .concat(let sources):
            // `then` (Signal_Meta.swift:208) is the library's concat of two signals.
            guard let first = sources.first else { return .complete() }
            var result = try signal(for: first)
            for source in sources.dropFirst() {
                result = try result |> then(signal(for: source))
            }
            return result
        case .flatMap:
            // mapToSignal switches (Signal_Meta.swift:160), mapToQueue concatenates (:196): none merges.
            throw declined("flatMap", "SwiftSignalKit has no merging flatMap")
        case .flatMapLatest(let source, let selector) where selector.returnsJust:
            let value = selector.justValue.apply
            return try signal(for: source) |> mapToSignal { IntSignal.single(value($0)) }
        case .flatMapLatest(let source, let selector):
            let translator = self
            return try signal(for: source) |> mapToSignal { translator.translatedOrFailing(selector.select($0)) }
        case .combineLatest(let sources, let combiner):
            // Signal_Combine.swift:91-175: tuples for 2 to 14 inputs, an array for any number; the user maps them.
            let inputs = try sources.map { (flow) throws(UnsupportedFlow) in try signal(for: flow) }
            switch inputs.count {
            case 2:
                let combine = combiner.arity2
                return combineLatest(inputs[0], inputs[1]) |> map { combine($0.0, $0.1) }
            case 3:
                let combine = combiner.arity3
                return combineLatest(inputs[0], inputs[1], inputs[2]) |> map { combine($0.0, $0.1, $0.2) }
            case 4:
                let combine = combiner.arity4
                return combineLatest(inputs[0], inputs[1], inputs[2], inputs[3])
                    |> map { combine($0.0, $0.1, $0.2, $0.3) }
            default:
                return combineLatest(inputs) |> map(combiner.combine)
            }
        case .zip:
            throw declined("zip", "SwiftSignalKit has no zip")
        case .takeUntil:
            // take(until:) (Signal_Take.swift:41) takes a predicate on the values, not a trigger signal.
            throw declined("takeUntil", "SwiftSignalKit has no takeUntil")
        case .using:
            throw declined("using", "SwiftSignalKit has no using")

        // MARK: Feedback
        case .system:
            // feedbackLoop (Signal_Loop.swift:8) re-runs one signal until it answers nil; no state stream.
            throw declined("system", "SwiftSignalKit has no RxFeedback system")
        case .feedbackState:
            throw declined("feedbackState", "SwiftSignalKit has no RxFeedback system")

        // MARK: One result: a signal that puts one value and completes (docs/decisions/single.md)
        case .single(let producer):
            return single(producer)
        case .asSingle(let source):
            return try signal(for: source) |> take(1)
        case .singleFlatMap(let source, let selector):
            let translator = self
            return try signal(for: source) |> mapToSignal { translator.single(selector.select($0)) }
        }
    }

    private func declined(_ operation: String, _ reason: String) -> UnsupportedFlow {
        UnsupportedFlow(engine: "swiftsignalkit", operation: "\(operation): \(reason)")
    }

    /// For flows made at subscription time (factories, selectors, handlers): the library's closures cannot
    /// throw `UnsupportedFlow`, so an inner flow the row cannot express fails the signal with `BenchError.foreign`.
    func translatedOrFailing(_ flow: Flow) -> IntSignal {
        do { return try signal(for: flow) } catch { return .fail(BenchError.foreign) }
    }

    /// The fork has no signal of a sequence: a user writes the generator that puts each value, then completion.
    private func from(_ values: [Int]) -> IntSignal {
        Signal { subscriber in
            for value in values { subscriber.putNext(value) }
            subscriber.putCompletion()
            return EmptyDisposable
        }
    }

    /// `create` is the Signal initialiser (Signal.swift:48): the pumps loop inside the generator.
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

    /// A request: SwiftSignalKit has no one-result type; the producer puts its answer and completes.
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

    /// The library's side-effect operators (Signal_SideEffects.swift), one stage per hook present. It has no
    /// beforeError: the error hook is `withState` (:98), its only operator that sees errors. beforeStarted is
    /// outermost so the hook runs before the source is started; afterDisposed runs once, also after a terminal
    /// event (a subscriber disposes on termination, Subscriber.swift:72, :99).
    private func tap(_ source: IntSignal, _ hooks: TapHooks) -> IntSignal {
        var result = source
        if let onNext = hooks.onNext { result = result |> beforeNext(onNext) }
        if let onError = hooks.onError { result = withState(result, {}, error: { error, _ in onError(error) }) }
        if let onCompleted = hooks.onCompleted { result = result |> beforeCompleted(onCompleted) }
        if let onDispose = hooks.onDispose { result = result |> afterDisposed(onDispose) }
        if let onSubscribe = hooks.onSubscribe { result = result |> beforeStarted(onSubscribe) }
        return result
    }
}
