import Dispatch
import Foundation
import OpenCombineShim
import RxBenchCore

/// Combine's operator for each `Flow` operator, each stage erased to `AnyPublisher`; the recursion is
/// `FlowMapping`'s. Selectors, factories and handlers translate the flow they return when Combine asks for it.
struct CombineMapping: FlowMapping {
    typealias Stream = AnyPublisher<Int, BenchError>
    /// Each scheduler is made where the operator is applied.
    typealias Scheduler = SchedulerSpec

    let subjects: [CombineSubject]
    var feedbackState: Stream?

    var engineName: String { "opencombine" }

    func refusal(of flow: Flow) -> UnsupportedFlow? {
        guard case .take(.system, _) = flow else { return nil }
        return UnsupportedFlow(
            engine: engineName,
            operation: "take of a system: OpenCombine's prefix(n) completes only when an (n+1)th value arrives, and a settled loop sends none")
    }

    func just(_ value: Int) -> Stream { Just(value).setFailureType(to: BenchError.self).eraseToAnyPublisher() }
    func from(_ values: [Int]) -> Stream { Publishers.Sequence(sequence: values).eraseToAnyPublisher() }
    func empty() -> Stream { Empty().eraseToAnyPublisher() }
    func never() -> Stream { Empty(completeImmediately: false).eraseToAnyPublisher() }
    func fail(_ error: BenchError) -> Stream { Fail(error: error).eraseToAnyPublisher() }
    func deferred(_ flow: DeferredFlow<Self>) -> Stream { Deferred { flow.make() }.eraseToAnyPublisher() }
    func subject(_ index: Int) throws(UnsupportedFlow) -> Stream {
        if case .noReplayBuffer(let bufferSize) = subjects[index] {
            throw UnsupportedFlow(
                engine: engineName, operation: "replay(bufferSize: \(bufferSize)) subject: Combine has no replay subject")
        }
        return subjects[index].publisher
    }

    func map(_ source: Stream, _ transform: IntTransform) -> Stream { source.map(transform.apply).eraseToAnyPublisher() }
    func compactMap(_ source: Stream, _ transform: IntPartialTransform) -> Stream {
        source.compactMap(transform.apply).eraseToAnyPublisher()
    }
    func filter(_ source: Stream, _ predicate: IntPredicate) -> Stream {
        source.filter(predicate.test).eraseToAnyPublisher()
    }
    func scan(_ source: Stream, seed: Int, _ accumulator: IntAccumulator) -> Stream {
        source.scan(seed, accumulator.combine).eraseToAnyPublisher()
    }
    func reduce(_ source: Stream, seed: Int, _ accumulator: IntAccumulator) -> Stream {
        source.reduce(seed, accumulator.combine).eraseToAnyPublisher()
    }
    func take(_ source: Stream, count: Int) -> Stream { source.prefix(max(0, count)).eraseToAnyPublisher() }
    func skip(_ source: Stream, count: Int) -> Stream { source.dropFirst(count).eraseToAnyPublisher() }
    // Combine's throwing forms erase the failure to `any Error`; the suite's streams fail with `BenchError`.
    func tryMap(_ source: Stream, _ transform: ThrowingIntTransform) -> Stream {
        source.tryMap { try transform.apply($0) }.mapError { ($0 as? BenchError) ?? .foreign }.eraseToAnyPublisher()
    }
    func tryFilter(_ source: Stream, _ predicate: ThrowingIntPredicate) -> Stream {
        source.tryFilter { try predicate.test($0) }.mapError { ($0 as? BenchError) ?? .foreign }.eraseToAnyPublisher()
    }
    func tryScan(_ source: Stream, seed: Int, _ accumulator: ThrowingIntAccumulator) -> Stream {
        source.tryScan(seed) { try accumulator.combine($0, $1) }
            .mapError { ($0 as? BenchError) ?? .foreign }.eraseToAnyPublisher()
    }
    // Combine has `tryCatch` but no throwing flatMap: tryFlatMap is the default, a throwing selector returning
    // `Fail`, as Combine code does.
    // No throwing flatMap, but `tryMap` into the inner publishers, then `switchToLatest`: a throw fails the
    // outer stream, which cancels the source and the current inner.
    func tryFlatMapLatest(_ source: Stream, _ inner: ThrowingInnerFlows<Self>) -> Stream {
        source.tryMap { value in try inner(value) }
            .mapError { ($0 as? BenchError) ?? .foreign }.switchToLatest().eraseToAnyPublisher()
    }
    func tryCatchError(_ source: Stream, _ recovery: ThrowingFlowRecovery<Self>) -> Stream {
        source.tryCatch { error throws(BenchError) in try recovery(error) }
            .mapError { ($0 as? BenchError) ?? .foreign }.eraseToAnyPublisher()
    }
    func tryReduce(_ source: Stream, seed: Int, _ accumulator: ThrowingIntAccumulator) -> Stream {
        source.tryReduce(seed) { try accumulator.combine($0, $1) }
            .mapError { ($0 as? BenchError) ?? .foreign }.eraseToAnyPublisher()
    }
    func distinctUntilChanged(_ source: Stream) -> Stream { source.removeDuplicates().eraseToAnyPublisher() }
    func distinctUntilChangedByKey(_ source: Stream, _ key: IntKey) -> Stream {
        let keyOf = key.function
        return source.removeDuplicates { keyOf($0) == keyOf($1) }.eraseToAnyPublisher()
    }
    func distinctUntilChangedByComparer(_ source: Stream, _ equivalence: IntEquivalence) -> Stream {
        source.removeDuplicates(by: equivalence.areEqual).eraseToAnyPublisher()
    }
    // `tryRemoveDuplicates` has no key form: the key is taken inside the comparison, as Combine code does.
    func tryDistinctUntilChangedByKey(_ source: Stream, _ key: ThrowingIntKey) -> Stream {
        let keyOf = key.key
        return source.tryRemoveDuplicates { try keyOf($0) == keyOf($1) }
            .mapError { ($0 as? BenchError) ?? .foreign }.eraseToAnyPublisher()
    }
    func tryDistinctUntilChangedByComparer(_ source: Stream, _ equivalence: ThrowingIntEquivalence) -> Stream {
        let areEqual = equivalence.areEqual
        return source.tryRemoveDuplicates { try areEqual($0, $1) }
            .mapError { ($0 as? BenchError) ?? .foreign }.eraseToAnyPublisher()
    }
    func startWith(_ source: Stream, _ values: [Int]) -> Stream { source.prepend(values).eraseToAnyPublisher() }
    func asyncMap(_ source: Stream, _ transform: AsyncTransform) -> Stream {
        // flatMap into a one-shot publisher: a `Future` completes after its one value.
        source.flatMap { value in
            Future<Int, BenchError> { promise in transform.start(value) { promise(.success($0)) } }
        }.eraseToAnyPublisher()
    }
    func asyncFilter(_ source: Stream, _ predicate: AsyncPredicate) -> Stream {
        source.flatMap { value in
            Future<Int?, BenchError> { promise in
                predicate.start(value) { keep in promise(.success(keep ? value : nil)) }
            }.compactMap { $0 }
        }.eraseToAnyPublisher()
    }
    func retry(_ source: Stream, attempts: Int) -> Stream {
        // Combine counts retries, the suite counts subscriptions.
        source.retry(max(0, attempts - 1)).eraseToAnyPublisher()
    }
    func catchError(_ source: Stream, _ recovery: FlowRecovery<Self>) -> Stream {
        source.catch { error in recovery(error) }.eraseToAnyPublisher()
    }
    func scheduler(_ spec: SchedulerSpec, for operation: String) -> SchedulerSpec? { spec }
    func subscribeOn(_ source: Stream, _ spec: SchedulerSpec) -> Stream {
        switch spec {
        case .immediate: source.subscribe(on: ImmediateScheduler.shared).eraseToAnyPublisher()
        case .trampoline: source.subscribe(on: CombineTrampolineScheduler()).eraseToAnyPublisher()
        case .serial(let queue): source.subscribe(on: queue.combineScheduler).eraseToAnyPublisher()
        }
    }
    func observeOn(_ source: Stream, _ spec: SchedulerSpec) -> Stream {
        switch spec {
        case .immediate: source.receive(on: ImmediateScheduler.shared).eraseToAnyPublisher()
        case .trampoline: source.receive(on: CombineTrampolineScheduler()).eraseToAnyPublisher()
        case .serial(let queue): source.receive(on: queue.combineScheduler).eraseToAnyPublisher()
        }
    }

    func merge(_ sources: FlowInputs<Self>) throws(UnsupportedFlow) -> Stream {
        // OpenCombine 0.14.0 has no Merge/MergeMany: a sequence of publishers flattened by flatMap is what
        // MergeMany is (unlimited demand, completes when every input completed).
        Publishers.Sequence<[Stream], BenchError>(sequence: try sources.streams()).flatMap { $0 }.eraseToAnyPublisher()
    }
    func concat(_ sources: FlowInputs<Self>) throws(UnsupportedFlow) -> Stream {
        guard !sources.isEmpty else { return Empty().eraseToAnyPublisher() }
        var result = try sources.stream(at: 0)
        for index in 1..<sources.count {
            result = try result.append(sources.stream(at: index)).eraseToAnyPublisher()
        }
        return result
    }
    func flatMapJust(_ source: Stream, _ value: IntTransform) -> Stream {
        let value = value.function
        return source.flatMap { Just(value($0)).setFailureType(to: BenchError.self) }.eraseToAnyPublisher()
    }
    func flatMap(_ source: Stream, _ inner: InnerFlows<Self>) -> Stream {
        source.flatMap { inner($0) }.eraseToAnyPublisher()
    }
    func flatMapLatestJust(_ source: Stream, _ value: IntTransform) -> Stream {
        let value = value.function
        return source.map { Just(value($0)).setFailureType(to: BenchError.self) }.switchToLatest().eraseToAnyPublisher()
    }
    func flatMapLatest(_ source: Stream, _ inner: InnerFlows<Self>) -> Stream {
        source.map { inner($0) }.switchToLatest().eraseToAnyPublisher()
    }
    // One result: Combine has no one-result type: callers take the first value; a request is a `Future`.
    func single(_ producer: SingleProducer) -> Stream { request(producer).eraseToAnyPublisher() }
    func asSingle(_ source: Stream) -> Stream { source.first().eraseToAnyPublisher() }
    func singleFlatMap(_ source: Stream, _ next: NextRequests<Self>) -> Stream {
        source.flatMap { next.mapping.request(next.selector.select($0)) }.eraseToAnyPublisher()
    }
    func zip(_ a: Stream, _ b: Stream, _ combiner: IntCombiner) -> Stream? { a.zip(b, combiner.arity2).eraseToAnyPublisher() }
    func zip(_ a: Stream, _ b: Stream, _ c: Stream, _ combiner: IntCombiner) -> Stream? {
        a.zip(b, c, combiner.arity3).eraseToAnyPublisher()
    }
    func zip(_ a: Stream, _ b: Stream, _ c: Stream, _ d: Stream, _ combiner: IntCombiner) -> Stream? {
        a.zip(b, c, d, combiner.arity4).eraseToAnyPublisher()
    }
    func zip(_ sources: [Stream], _ combiner: IntCombiner) throws(UnsupportedFlow) -> Stream {
        throw UnsupportedFlow(engine: engineName, operation: "zip of \(sources.count) inputs (Combine's zip takes 2 to 4)")
    }
    func takeUntil(_ source: Stream, trigger: Stream) -> Stream {
        source.prefix(untilOutputFrom: trigger).eraseToAnyPublisher()
    }

    /// `.create`: Combine has no `create`. The pumps are the library's own `Publishers.Sequence` (what a
    /// Combine user writes to emit n values); scripts use a small demand-respecting publisher.
    /// A request in Combine: a `Future` answers once (a second promise call is ignored); `Deferred` makes it
    /// cold, as a `Future` runs its closure when made. A `Future` cannot be cancelled: a scripted producer's
    /// dispose action never runs, and a cancelled subscriber just hears nothing.
    func request(_ producer: SingleProducer) -> Deferred<Future<Int, BenchError>> {
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

    func create(_ emitter: Emitter) -> Stream {
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

    func tap(_ source: Stream, _ hooks: TapHooks) -> Stream {
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

    /// OpenCombine 0.14.0 has no CombineLatest: the inputs are merged as (index, value) pairs and the latest
    /// of each kept per subscription (`Deferred`), emitting once every input has produced one. Completion and
    /// errors are merge's: completes when every input has completed, the first error terminates.
    func combineLatest(_ inputs: [Stream], _ combiner: IntCombiner) -> Stream {
        let combine = combiner.function
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
    func using(_ hooks: ResourceHooks, _ body: ResourceBody<Self>) -> Stream {
        Deferred { () -> Stream in
            let resource = hooks.acquire()
            let release = ReleaseOnce { hooks.release(resource) }
            return body(resource).handleEvents(
                receiveCompletion: { _ in release.run() }, receiveCancel: { release.run() }
            ).eraseToAnyPublisher()
        }.eraseToAnyPublisher()
    }

    /// RxFeedback's loop from Combine's own parts (as CombineFeedback builds it): a `CurrentValueSubject`
    /// holds the state and replays it to the feedbacks through a trampoline (so that a synchronous loop does
    /// not grow the stack), the feedbacks' mutations are merged and scanned, and each new state is sent back.
    func system(initial: Int, reduce: IntAccumulator, feedbacks: Feedbacks<Self>) -> Stream {
        Deferred { () -> Stream in
            let state = CurrentValueSubject<Int, BenchError>(initial)
            let replayed = state.receive(on: CombineTrampolineScheduler()).eraseToAnyPublisher()
            let mutations = Publishers.Sequence<[Stream], BenchError>(sequence: feedbacks.streams(state: replayed))
                .flatMap { $0 }
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
