import Dispatch
import Foundation
import OpenCombineShim
import RxBenchCore

/// One recursive translation of a `Flow` into Combine publishers, each stage erased to `AnyPublisher`.
/// Selectors, factories and handlers translate the flow they return when Combine asks for it.
struct CombineTranslator {
    typealias Stream = AnyPublisher<Int, BenchError>

    let subjects: [CombineSubject]
    /// The state stream of the innermost enclosing `.system`, for `.feedbackState`.
    let feedbackState: Stream?

    func publisher(for flow: Flow) throws(UnsupportedFlow) -> Stream {
        switch flow {
        case .just(let value):
            return Just(value).setFailureType(to: BenchError.self).eraseToAnyPublisher()
        case .from(let values):
            return Publishers.Sequence(sequence: values).eraseToAnyPublisher()
        case .empty:
            return Empty().eraseToAnyPublisher()
        case .never:
            return Empty(completeImmediately: false).eraseToAnyPublisher()
        case .fail(let error):
            return Fail(error: error).eraseToAnyPublisher()
        case .create(let emitter):
            return create(emitter)
        case .deferred(let factory):
            let translator = self
            return Deferred { translator.translatedOrFailing(factory.make()) }.eraseToAnyPublisher()
        case .subject(let index):
            if case .noReplayBuffer(let bufferSize) = subjects[index] {
                throw UnsupportedFlow(
                    engine: "opencombine", operation: "replay(bufferSize: \(bufferSize)) subject: Combine has no replay subject")
            }
            return subjects[index].publisher

        case .map(let source, let transform):
            return try publisher(for: source).map(transform.apply).eraseToAnyPublisher()
        case .compactMap(let source, let transform):
            return try publisher(for: source).compactMap(transform.apply).eraseToAnyPublisher()
        case .filter(let source, let predicate):
            return try publisher(for: source).filter(predicate.test).eraseToAnyPublisher()
        case .scan(let source, let seed, let accumulator):
            return try publisher(for: source).scan(seed, accumulator.combine).eraseToAnyPublisher()
        case .reduce(let source, let seed, let accumulator):
            return try publisher(for: source).reduce(seed, accumulator.combine).eraseToAnyPublisher()
        case .take(.system, _):
            throw UnsupportedFlow(
                engine: "opencombine",
                operation: "take of a system: OpenCombine's prefix(n) completes only when an (n+1)th value arrives, and a settled loop sends none")
        case .take(let source, let count):
            return try publisher(for: source).prefix(max(0, count)).eraseToAnyPublisher()
        case .skip(let source, let count):
            return try publisher(for: source).dropFirst(count).eraseToAnyPublisher()
        // Combine's throwing forms erase the failure to `any Error`; the suite's streams fail with `BenchError`.
        case .tryMap(let source, let transform):
            return try publisher(for: source).tryMap { try transform.apply($0) }
                .mapError { ($0 as? BenchError) ?? .foreign }.eraseToAnyPublisher()
        case .tryFilter(let source, let predicate):
            return try publisher(for: source).tryFilter { try predicate.test($0) }
                .mapError { ($0 as? BenchError) ?? .foreign }.eraseToAnyPublisher()
        case .tryScan(let source, let seed, let accumulator):
            return try publisher(for: source).tryScan(seed) { try accumulator.combine($0, $1) }
                .mapError { ($0 as? BenchError) ?? .foreign }.eraseToAnyPublisher()
        // Combine has `tryCatch` but no throwing flatMap: a throwing selector returns `Fail`, as Combine code does.
        case .tryFlatMap(let source, let selector):
            return try publisher(for: .flatMap(source, selector.failingInner))
        // No throwing flatMap, but `tryMap` into the inner publishers, then `switchToLatest`: a throw fails the
        // outer stream, which cancels the source and the current inner.
        case .tryFlatMapLatest(let source, let selector):
            let translator = self
            return try publisher(for: source)
                .tryMap { value in translator.translatedOrFailing(try selector.select(value)) }
                .mapError { ($0 as? BenchError) ?? .foreign }.switchToLatest().eraseToAnyPublisher()
        case .tryCatchError(let source, let handler):
            let translator = self
            return try publisher(for: source).tryCatch { error throws(BenchError) in
                translator.translatedOrFailing(try handler.recover(error))
            }.mapError { ($0 as? BenchError) ?? .foreign }.eraseToAnyPublisher()
        case .tryUsing(let hooks, let body):
            return try publisher(for: .usingFailingFactories(hooks, body))
        case .tryReduce(let source, let seed, let accumulator):
            return try publisher(for: source).tryReduce(seed) { try accumulator.combine($0, $1) }
                .mapError { ($0 as? BenchError) ?? .foreign }.eraseToAnyPublisher()
        case .distinctUntilChanged(let source):
            return try publisher(for: source).removeDuplicates().eraseToAnyPublisher()
        case .distinctUntilChangedByKey(let source, let key):
            let keyOf = key.key
            return try publisher(for: source).removeDuplicates { keyOf($0) == keyOf($1) }.eraseToAnyPublisher()
        case .distinctUntilChangedByComparer(let source, let equivalence):
            return try publisher(for: source).removeDuplicates(by: equivalence.areEqual).eraseToAnyPublisher()
        // `tryRemoveDuplicates` has no key form: the key is taken inside the comparison, as Combine code does.
        case .tryDistinctUntilChangedByKey(let source, let key):
            let keyOf = key.key
            return try publisher(for: source).tryRemoveDuplicates { try keyOf($0) == keyOf($1) }
                .mapError { ($0 as? BenchError) ?? .foreign }.eraseToAnyPublisher()
        case .tryDistinctUntilChangedByComparer(let source, let equivalence):
            let areEqual = equivalence.areEqual
            return try publisher(for: source).tryRemoveDuplicates { try areEqual($0, $1) }
                .mapError { ($0 as? BenchError) ?? .foreign }.eraseToAnyPublisher()
        case .startWith(let source, let values):
            return try publisher(for: source).prepend(values).eraseToAnyPublisher()
        case .tap(let source, let hooks):
            return try tap(publisher(for: source), hooks)
        case .asyncMap(let source, let transform):
            // flatMap into a one-shot publisher: a `Future` completes after its one value.
            return try publisher(for: source).flatMap { value in
                Future<Int, BenchError> { promise in transform.start(value) { promise(.success($0)) } }
            }.eraseToAnyPublisher()
        case .asyncFilter(let source, let predicate):
            return try publisher(for: source).flatMap { value in
                Future<Int?, BenchError> { promise in
                    predicate.start(value) { keep in promise(.success(keep ? value : nil)) }
                }.compactMap { $0 }
            }.eraseToAnyPublisher()
        case .retry(let source, let attempts):
            // Combine counts retries, the suite counts subscriptions.
            return try publisher(for: source).retry(max(0, attempts - 1)).eraseToAnyPublisher()
        case .catchError(let source, let handler):
            let translator = self
            return try publisher(for: source).catch { error in
                translator.translatedOrFailing(handler.recover(error))
            }.eraseToAnyPublisher()
        case .subscribeOn(let source, let spec):
            let upstream = try publisher(for: source)
            switch spec {
            case .immediate: return upstream.subscribe(on: ImmediateScheduler.shared).eraseToAnyPublisher()
            case .trampoline: return upstream.subscribe(on: TrampolineScheduler()).eraseToAnyPublisher()
            case .serial(let queue): return upstream.subscribe(on: queue.combineScheduler).eraseToAnyPublisher()
            }
        case .observeOn(let source, let spec):
            let upstream = try publisher(for: source)
            switch spec {
            case .immediate: return upstream.receive(on: ImmediateScheduler.shared).eraseToAnyPublisher()
            case .trampoline: return upstream.receive(on: TrampolineScheduler()).eraseToAnyPublisher()
            case .serial(let queue): return upstream.receive(on: queue.combineScheduler).eraseToAnyPublisher()
            }

        case .merge(let sources):
            // OpenCombine 0.14.0 has no Merge/MergeMany: a sequence of publishers flattened by flatMap is what
            // MergeMany is (unlimited demand, completes when every input completed).
            return try mergeMany(sources.map { (flow) throws(UnsupportedFlow) in try publisher(for: flow) })
        case .concat(let sources):
            guard var result = try sources.first.map({ (flow) throws(UnsupportedFlow) in try publisher(for: flow) })
            else { return Empty().eraseToAnyPublisher() }
            for source in sources.dropFirst() {
                result = try result.append(publisher(for: source)).eraseToAnyPublisher()
            }
            return result
        case .flatMap(let source, let selector) where selector.returnsJust:
            let value = selector.justValue.apply
            return try publisher(for: source).flatMap { Just(value($0)).setFailureType(to: BenchError.self) }
                .eraseToAnyPublisher()
        case .flatMap(let source, let selector):
            let translator = self
            return try publisher(for: source).flatMap { translator.translatedOrFailing(selector.select($0)) }
                .eraseToAnyPublisher()
        case .flatMapLatest(let source, let selector) where selector.returnsJust:
            let value = selector.justValue.apply
            return try publisher(for: source).map { Just(value($0)).setFailureType(to: BenchError.self) }.switchToLatest()
                .eraseToAnyPublisher()
        case .flatMapLatest(let source, let selector):
            let translator = self
            return try publisher(for: source).map { translator.translatedOrFailing(selector.select($0)) }
                .switchToLatest().eraseToAnyPublisher()
        case .single(let producer):
            return single(producer).eraseToAnyPublisher()
        case .asSingle(let source):
            // Combine has no one-result type: callers take the first value.
            return try publisher(for: source).first().eraseToAnyPublisher()
        case .singleFlatMap(let source, let selector):
            let translator = self
            return try publisher(for: source).flatMap { translator.single(selector.select($0)) }.eraseToAnyPublisher()
        case .combineLatest(let sources, let combiner):
            return try combineLatest(
                sources.map { (flow) throws(UnsupportedFlow) in try publisher(for: flow) }, combiner.combine)
        case .zip(let sources, let combiner):
            let inputs = try sources.map { (flow) throws(UnsupportedFlow) in try publisher(for: flow) }
            switch inputs.count {
            case 2: return inputs[0].zip(inputs[1], combiner.arity2).eraseToAnyPublisher()
            case 3: return inputs[0].zip(inputs[1], inputs[2], combiner.arity3).eraseToAnyPublisher()
            case 4: return inputs[0].zip(inputs[1], inputs[2], inputs[3], combiner.arity4).eraseToAnyPublisher()
            default:
                throw UnsupportedFlow(
                    engine: "opencombine", operation: "zip of \(inputs.count) inputs (Combine's zip takes 2 to 4)")
            }
        case .takeUntil(let source, let trigger):
            return try publisher(for: source).prefix(untilOutputFrom: publisher(for: trigger)).eraseToAnyPublisher()
        case .using(let hooks, let body):
            return using(hooks, body)

        case .system(let initial, let reduce, let feedbacks):
            return system(initial: initial, reduce: reduce, feedbacks: feedbacks)
        case .feedbackState:
            // Outside a `.system` there is no state stream: a malformed flow, reported as an error.
            return feedbackState ?? Fail(error: BenchError.foreign).eraseToAnyPublisher()
        }
    }

    /// For flows made at subscription time (factories, selectors, handlers): Combine's closures cannot throw
    /// `UnsupportedFlow`, so an inner flow the row cannot express fails the stream with `BenchError.foreign`.
    func translatedOrFailing(_ flow: Flow) -> Stream {
        do { return try publisher(for: flow) } catch { return Fail(error: BenchError.foreign).eraseToAnyPublisher() }
    }

    /// `.create`: Combine has no `create`. The pumps are the library's own `Publishers.Sequence` (what a
    /// Combine user writes to emit n values); scripts use a small demand-respecting publisher.
    /// A request in Combine: a `Future` answers once (a second promise call is ignored); `Deferred` makes it
    /// cold, as a `Future` runs its closure when made. A `Future` cannot be cancelled: a scripted producer's
    /// dispose action never runs, and a cancelled subscriber just hears nothing.
    private func single(_ producer: SingleProducer) -> Deferred<Future<Int, BenchError>> {
        Deferred {
            Future { promise in
                switch producer {
                case .success(let value): promise(.success(value))
                case .failure(let error): promise(.failure(error))
                case .script(let script):
                    _ = script(SingleReply(success: { promise(.success($0)) }, failure: { promise(.failure($0)) }))
                }
            }
        }
    }

    private func create(_ emitter: Emitter) -> Stream {
        switch emitter {
        case .repeating(let value, let count, let thenComplete):
            let values = Publishers.Sequence<Repeated<Int>, BenchError>(sequence: repeatElement(value, count: count))
            return thenComplete
                ? values.eraseToAnyPublisher() : values.append(Empty(completeImmediately: false)).eraseToAnyPublisher()
        case .counting(let count, let thenComplete):
            let values = Publishers.Sequence<Range<Int>, BenchError>(sequence: 0..<count)
            return thenComplete
                ? values.eraseToAnyPublisher() : values.append(Empty(completeImmediately: false)).eraseToAnyPublisher()
        case .script(let script):
            return ScriptPublisher(script: script).eraseToAnyPublisher()
        }
    }

    private func tap(_ source: Stream, _ hooks: TapHooks) -> Stream {
        // `handleEvents` has no "finally": a user who wants one calls it on completion and on cancel.
        let onDispose = hooks.onDispose
        return source.handleEvents(
            receiveSubscription: hooks.onSubscribe.map { hook in { _ in hook() } },
            receiveOutput: hooks.onNext,
            receiveCompletion: { completion in
                switch completion {
                case .finished: hooks.onCompleted?()
                case .failure(let error): hooks.onError?(error)
                }
                onDispose?()
            },
            receiveCancel: onDispose
        ).eraseToAnyPublisher()
    }

    private func mergeMany(_ inputs: [Stream]) -> Stream {
        Publishers.Sequence<[Stream], BenchError>(sequence: inputs).flatMap { $0 }.eraseToAnyPublisher()
    }

    /// OpenCombine 0.14.0 has no CombineLatest: the inputs are merged as (index, value) pairs and the latest
    /// of each kept per subscription (`Deferred`), emitting once every input has produced one. Completion and
    /// errors are merge's: completes when every input has completed, the first error terminates.
    private func combineLatest(_ inputs: [Stream], _ combine: @escaping @Sendable ([Int]) -> Int) -> Stream {
        let count = inputs.count
        let tagged = inputs.enumerated().map { index, input in input.map { (index, $0) }.eraseToAnyPublisher() }
        let merged = Publishers.Sequence<[AnyPublisher<(Int, Int), BenchError>], BenchError>(sequence: tagged)
            .flatMap { $0 }
        return Deferred { () -> Stream in
            let latest = LatestValues(count: count)
            return merged.compactMap { index, value in latest.update(index, value) ? combine(latest.values) : nil }
                .eraseToAnyPublisher()
        }.eraseToAnyPublisher()
    }

    /// Combine has no `using`: the resource is acquired in `Deferred` and released once, on completion or cancel.
    private func using(_ hooks: ResourceHooks, _ body: ResourceFlow) -> Stream {
        let translator = self
        return Deferred { () -> Stream in
            let resource = hooks.acquire()
            let release = ReleaseOnce { hooks.release(resource) }
            return translator.translatedOrFailing(body.make(resource)).handleEvents(
                receiveCompletion: { _ in release.run() }, receiveCancel: { release.run() }
            ).eraseToAnyPublisher()
        }.eraseToAnyPublisher()
    }

    /// RxFeedback's loop from Combine's own parts (as CombineFeedback builds it): a `CurrentValueSubject`
    /// holds the state and replays it to the feedbacks through a trampoline (so that a synchronous loop does
    /// not grow the stack), the feedbacks' mutations are merged and scanned, and each new state is sent back.
    private func system(initial: Int, reduce: IntAccumulator, feedbacks: [Flow]) -> Stream {
        let subjects = self.subjects
        return Deferred { () -> Stream in
            let state = CurrentValueSubject<Int, BenchError>(initial)
            let replayed = state.receive(on: TrampolineScheduler()).eraseToAnyPublisher()
            let translator = CombineTranslator(subjects: subjects, feedbackState: replayed)
            let mutations = Publishers.Sequence<[Stream], BenchError>(
                sequence: feedbacks.map { translator.translatedOrFailing($0) }
            ).flatMap { $0 }
            return mutations
                .scan(initial, reduce.combine)
                .handleEvents(receiveOutput: { state.send($0) })
                .prepend(initial)
                .eraseToAnyPublisher()
        }.eraseToAnyPublisher()
    }
}

/// The latest value of each input of `combineLatest`, for one subscription.
final class LatestValues {
    private(set) var values: [Int]
    private var seen: [Bool]
    private var missing: Int

    init(count: Int) {
        values = Array(repeating: 0, count: count)
        seen = Array(repeating: false, count: count)
        missing = count
    }

    /// Records `value` for input `index`; true once every input has a value.
    func update(_ index: Int, _ value: Int) -> Bool {
        if !seen[index] {
            seen[index] = true
            missing -= 1
        }
        values[index] = value
        return missing == 0
    }
}

/// Runs its action on the first `run()` only.
final class ReleaseOnce: @unchecked Sendable {
    private let lock = NSLock()
    private var action: (() -> Void)?
    init(_ action: @escaping () -> Void) { self.action = action }
    func run() {
        lock.lock()
        let action = self.action
        self.action = nil
        lock.unlock()
        action?()
    }
}

extension DispatchQueue {
    /// The queue as a Combine scheduler (`DispatchQueue` itself in Combine, `queue.ocombine` in OpenCombine).
    var combineScheduler: some Scheduler {
        #if canImport(Combine)
        self
        #else
        ocombine
        #endif
    }
}
