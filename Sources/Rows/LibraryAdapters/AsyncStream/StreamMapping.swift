import AsyncAlgorithms
import RxBenchCore

/// The asynchronous-sequence operator for each `Flow` operator; the recursion is `FlowMapping`'s. What Swift
/// concurrency has no synchronous way to express throws `UnsupportedFlow` with the reason. The library's
/// `merge`, `combineLatest`, `zip` and `chain` are free functions, named with their module.
struct StreamMapping<Subject: AsyncRowSubject>: FlowMapping {
    typealias Stream = IntSequence

    let subjects: [Subject]
    var feedbackState: IntSequence?

    var engineName: String { Subject.descriptor.id }

    func refusal(of flow: Flow) -> UnsupportedFlow? {
        let reason: String
        switch flow {
        case .subscribeOn(_, .serial), .observeOn(_, .serial):
            // Where a task's code runs is its executor's business, not an operator's. The adapter takes an
            // observeOn that ends the flow as the consuming task's executor; anywhere else it is refused here.
            reason = "\(flow.operatorName)(serial queue) before another operator: no scheduler operator; the consuming task's executor decides where the whole iteration runs"
        case .flatMapLatest, .tryFlatMapLatest:
            // Its `@available(AsyncAlgorithms 1.3, *)` names Apple's platforms only, so Linux may call it; it
            // crashes or hangs there (docs/decisions/real-libraries.md, "flatMapLatest").
            reason = "\(flow.operatorName): swift-async-algorithms 1.1.4's flatMapLatest (marked as the package's 1.3 API) crashes or hangs on Linux"
        case .takeUntil:
            reason = "takeUntil: no operator (racing two sequences needs a task group)"
        case .using, .tryUsing:
            reason = "using: no operator (a consumer uses defer in its own task)"
        default:
            return nil
        }
        return UnsupportedFlow(engine: engineName, operation: reason)
    }

    func just(_ value: Int) -> Stream { IntSequence(CollectionOfOne(value).async) }
    func from(_ values: [Int]) -> Stream { IntSequence(values.async) }
    func empty() -> Stream { IntSequence(EmptyCollection<Int>().async) }
    func never() -> Stream { IntSequence { IntIterator(AsyncThrowingStream<Int, Error> { _ in }.makeAsyncIterator()) } }
    func fail(_ error: BenchError) -> Stream { .failing(error) }
    func deferred(_ flow: DeferredFlow<Self>) -> Stream { IntSequence { flow.make().makeAsyncIterator() } }
    func subject(_ index: Int) throws(UnsupportedFlow) -> Stream {
        let subject = subjects[index]
        if let unavailable = subject.unavailable { throw UnsupportedFlow(engine: engineName, operation: unavailable) }
        return subject.values
    }

    // AsyncSequence's map, compactMap and filter take `async` closures: a user's literal is compiled as one. The
    // flow's closure is called from such a literal (it cannot be handed over as it is without a thunk, which
    // Swift would allocate twice per operator).
    func map(_ source: Stream, _ transform: IntTransform) -> Stream {
        let apply = transform.function
        return IntSequence(source.map { apply($0) })
    }
    func compactMap(_ source: Stream, _ transform: IntPartialTransform) -> Stream {
        let apply = transform.function
        return IntSequence(source.compactMap { apply($0) })
    }
    func filter(_ source: Stream, _ predicate: IntPredicate) -> Stream {
        let test = predicate.function
        return IntSequence(source.filter { test($0) })
    }
    func scan(_ source: Stream, seed: Int, _ accumulator: IntAccumulator) -> Stream {
        IntSequence(source.reductions(seed, accumulator.combine))
    }
    func reduce(_ source: Stream, seed: Int, _ accumulator: IntAccumulator) -> Stream {
        // `try await sequence.reduce(seed, +)`, as a sequence of its one result.
        IntSequence(ReduceSequence(base: source, seed: seed, combine: accumulator.combine))
    }
    func take(_ source: Stream, count: Int) -> Stream { IntSequence(source.prefix(max(0, count))) }
    func skip(_ source: Stream, count: Int) -> Stream { IntSequence(source.dropFirst(count)) }
    // AsyncSequence's map, filter and reductions take `throws` closures; a throw ends the iteration.
    func tryMap(_ source: Stream, _ transform: ThrowingIntTransform) -> Stream {
        IntSequence(source.map { try transform.apply($0) })
    }
    func tryFilter(_ source: Stream, _ predicate: ThrowingIntPredicate) -> Stream {
        IntSequence(source.filter { try predicate.test($0) })
    }
    func tryScan(_ source: Stream, seed: Int, _ accumulator: ThrowingIntAccumulator) -> Stream {
        IntSequence(source.reductions(seed) { try accumulator.combine($0, $1) })
    }
    // The catch here is a hand-written sequence whose handler returns a sequence: tryCatchError is the
    // default, a throw becoming a failing one; tryFlatMap's inner sequences likewise.
    func tryReduce(_ source: Stream, seed: Int, _ accumulator: ThrowingIntAccumulator) -> Stream {
        let combine = accumulator.combine
        return IntSequence(ReduceSequence(base: source, seed: seed) { try combine($0, $1) })
    }
    func distinctUntilChanged(_ source: Stream) -> Stream { IntSequence(source.removeDuplicates()) }
    func distinctUntilChangedByKey(_ source: Stream, _ key: IntKey) -> Stream {
        let keyOf = key.function
        return IntSequence(source.removeDuplicates { keyOf($0) == keyOf($1) })
    }
    func distinctUntilChangedByComparer(_ source: Stream, _ equivalence: IntEquivalence) -> Stream {
        let areEqual = equivalence.areEqual
        return IntSequence(source.removeDuplicates { areEqual($0, $1) })
    }
    // swift-async-algorithms' `removeDuplicates(by:)` has a throwing overload; it has no key form, so the key
    // is taken inside the comparison.
    func tryDistinctUntilChangedByKey(_ source: Stream, _ key: ThrowingIntKey) -> Stream {
        let keyOf = key.key
        return IntSequence(source.removeDuplicates { try keyOf($0) == keyOf($1) })
    }
    func tryDistinctUntilChangedByComparer(_ source: Stream, _ equivalence: ThrowingIntEquivalence) -> Stream {
        let areEqual = equivalence.areEqual
        return IntSequence(source.removeDuplicates { try areEqual($0, $1) })
    }
    func startWith(_ source: Stream, _ values: [Int]) -> Stream { IntSequence(AsyncAlgorithms.chain(values.async, source)) }
    func tap(_ source: Stream, _ hooks: TapHooks) -> Stream { IntSequence(TapSequence(base: source, hooks: hooks)) }
    func asyncMap(_ source: Stream, _ transform: AsyncTransform) -> Stream {
        // An async transform is a plain `map` in Swift concurrency: one value at a time, in source order.
        IntSequence(source.map { value in
            await withCheckedContinuation { continuation in
                transform.start(value) { continuation.resume(returning: $0) }
            }
        })
    }
    func asyncFilter(_ source: Stream, _ predicate: AsyncPredicate) -> Stream {
        IntSequence(source.filter { value in
            await withCheckedContinuation { continuation in
                predicate.start(value) { continuation.resume(returning: $0) }
            }
        })
    }
    func retry(_ source: Stream, attempts: Int) -> Stream { IntSequence(RetrySequence(base: source, attempts: attempts)) }
    func catchError(_ source: Stream, _ recovery: FlowRecovery<Self>) -> Stream {
        IntSequence(CatchSequence(base: source) { error in recovery(error) })
    }
    /// Immediate and the trampoline are the consuming task itself: no operator (a queue is refused above).
    func scheduler(_ spec: SchedulerSpec, for operation: String) -> Never? { nil }

    func concat(_ sources: FlowInputs<Self>) throws(UnsupportedFlow) -> Stream {
        guard !sources.isEmpty else { return IntSequence(EmptyCollection<Int>().async) }
        var result = try sources.stream(at: 0)
        for index in 1..<sources.count { result = try IntSequence(AsyncAlgorithms.chain(result, sources.stream(at: index))) }
        return result
    }
    // The standard library's flatMap runs one inner sequence at a time (concatMap); with `just` inners the
    // events are the same as a merging flatMap's.
    func flatMapJust(_ source: Stream, _ value: IntTransform) -> Stream {
        let value = value.function
        return IntSequence(source.flatMap { CollectionOfOne(value($0)).async })
    }
    func flatMap(_ source: Stream, _ inner: InnerFlows<Self>) -> Stream { IntSequence(source.flatMap { inner($0) }) }
    // One result: no one-result type; callers take the first element.
    func single(_ producer: SingleProducer) -> Stream { request(producer) }
    func asSingle(_ source: Stream) -> Stream { IntSequence(source.prefix(1)) }
    func singleFlatMap(_ source: Stream, _ next: NextRequests<Self>) -> Stream { IntSequence(source.flatMap { next($0) }) }
    /// `merge(a, b, c)`, then `merge(previous, d, e)` for more inputs, as a user nests the library's two- and
    /// three-input merges. Each level iterates its inputs in a task group inside a `Task` of its own.
    func merge(_ sources: FlowInputs<Self>) throws(UnsupportedFlow) -> Stream {
        var inputs = try sources.streams()[...]
        guard var result = inputs.popFirst() else { return IntSequence(EmptyCollection<Int>().async) }
        while let second = inputs.popFirst() {
            if let third = inputs.popFirst() {
                result = IntSequence(AsyncAlgorithms.merge(result, second, third))
            } else {
                result = IntSequence(AsyncAlgorithms.merge(result, second))
            }
        }
        return result
    }

    /// The library's two- and three-input `combineLatest` and `zip`; four inputs nest a pair as the first input,
    /// and the tuples are flattened into the flow's combining closure, as a user writes it. More inputs nest
    /// pairwise into an array.
    func combineLatest(_ sources: [Stream], _ combiner: IntCombiner) -> Stream { combined(sources, combiner, latest: true) }
    func zip(_ sources: [Stream], _ combiner: IntCombiner) -> Stream { combined(sources, combiner, latest: false) }

    private func combined(_ s: [Stream], _ combiner: IntCombiner, latest: Bool) -> IntSequence {
        switch s.count {
        case 0:
            return IntSequence(EmptyCollection<Int>().async)
        case 1:
            return IntSequence(s[0].map { combiner.combine([$0]) })
        case 2:
            let combine = combiner.function2
            return latest
                ? IntSequence(AsyncAlgorithms.combineLatest(s[0], s[1]).map { combine($0, $1) })
                : IntSequence(AsyncAlgorithms.zip(s[0], s[1]).map { combine($0, $1) })
        case 3:
            let combine = combiner.function3
            return latest
                ? IntSequence(AsyncAlgorithms.combineLatest(s[0], s[1], s[2]).map { combine($0, $1, $2) })
                : IntSequence(AsyncAlgorithms.zip(s[0], s[1], s[2]).map { combine($0, $1, $2) })
        case 4:
            let combine = combiner.function4
            return latest
                ? IntSequence(AsyncAlgorithms.combineLatest(AsyncAlgorithms.combineLatest(s[0], s[1]), s[2], s[3]).map { combine($0.0, $0.1, $1, $2) })
                : IntSequence(AsyncAlgorithms.zip(AsyncAlgorithms.zip(s[0], s[1]), s[2], s[3]).map { combine($0.0, $0.1, $1, $2) })
        default:
            let combine = combiner.function
            let first = ArraySequence(s[0].map { [$0] })
            let all = s.dropFirst().reduce(first) { values, next in
                latest
                    ? ArraySequence(AsyncAlgorithms.combineLatest(values, next).map { $0 + [$1] })
                    : ArraySequence(AsyncAlgorithms.zip(values, next).map { $0 + [$1] })
            }
            return IntSequence(all.map { combine($0) })
        }
    }

    /// A request: an async function (`AnswerSequence` awaits it once) where the answer is given at once; a
    /// callback producer behind a single-element `AsyncThrowingStream` (yield, finish), whose later yields are
    /// dropped, so the first answer wins.
    func request(_ producer: SingleProducer) -> IntSequence {
        switch producer {
        case .success(let value):
            return IntSequence(AnswerSequence { value })
        case .failure(let error):
            return IntSequence(AnswerSequence { throw error })
        case .script(let script):
            return IntSequence {
                IntIterator(AsyncThrowingStream<Int, Error> { continuation in
                    let action = script(
                        SingleReply(
                            success: {
                                continuation.yield($0)
                                continuation.finish()
                            },
                            failure: { continuation.finish(throwing: $0) }))
                    continuation.onTermination = { _ in action.run() }
                }.makeAsyncIterator())
            }
        }
    }

    /// `.create`: an `AsyncThrowingStream` whose build closure runs per subscription (per iterator).
    func create(_ emitter: Emitter) -> IntSequence {
        switch emitter {
        case .repeating(let value, let count, let thenComplete):
            return IntSequence {
                IntIterator(AsyncThrowingStream<Int, Error> { continuation in
                    for _ in 0..<count { continuation.yield(value) }
                    if thenComplete { continuation.finish() }
                }.makeAsyncIterator())
            }
        case .counting(let count, let thenComplete):
            return IntSequence {
                IntIterator(AsyncThrowingStream<Int, Error> { continuation in
                    for value in 0..<count { continuation.yield(value) }
                    if thenComplete { continuation.finish() }
                }.makeAsyncIterator())
            }
        case .script(let script):
            return IntSequence {
                IntIterator(AsyncThrowingStream<Int, Error> { continuation in
                    let action = script(
                        EventObserver(
                            next: { continuation.yield($0) },
                            error: { continuation.finish(throwing: $0) },
                            completed: { continuation.finish() }))
                    continuation.onTermination = { _ in action.run() }
                }.makeAsyncIterator())
            }
        }
    }

    /// RxFeedback's loop: the state is a replaying `StreamSubject` the feedbacks iterate; each reduced state is
    /// sent into it while the same task iterates on, so the loop is flat (a send while the feedback's stream is
    /// not awaited only buffers). Several feedbacks are merged with the library's `merge`.
    func system(initial: Int, reduce: IntAccumulator, feedbacks: Feedbacks<Self>) -> IntSequence {
        let feedback = feedbacks.count == 1 ? feedbacks.flows[0] : .merge(feedbacks.flows)
        return IntSequence {
            let state = StreamSubject(.replayLast(initial: initial))
            let replayed = IntSequence { IntIterator(state.subscribe().makeAsyncIterator()) }
            let mutations = feedbacks.stream(for: feedback, state: replayed)
            let states = mutations.reductions(initial, reduce.combine).map { next -> Int in
                state.send(next)
                return next
            }
            return IntIterator(AsyncAlgorithms.chain(CollectionOfOne(initial).async, states).makeAsyncIterator())
        }
    }
}
