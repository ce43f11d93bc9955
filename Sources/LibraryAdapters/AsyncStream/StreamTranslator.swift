import AsyncAlgorithms
import RxBenchCore

/// One recursive translation of a `Flow` into asynchronous sequences. What Swift concurrency has no
/// synchronous way to express throws `UnsupportedFlow` with the reason.
struct StreamTranslator {
    let subjects: [StreamSubject]
    /// The state stream of the enclosing `.system`, for `.feedbackState`.
    let feedbackState: IntSequence?

    func sequence(for flow: Flow) throws(UnsupportedFlow) -> IntSequence {
        switch flow {
        case .just(let value):
            return IntSequence(CollectionOfOne(value).async)
        case .from(let values):
            return IntSequence(values.async)
        case .empty:
            return IntSequence(EmptyCollection<Int>().async)
        case .never:
            return IntSequence { IntIterator(AsyncThrowingStream<Int, Error> { _ in }.makeAsyncIterator()) }
        case .fail(let error):
            return .failing(error)
        case .create(let emitter):
            return create(emitter)
        case .deferred(let factory):
            let translator = self
            return IntSequence { translator.translatedOrFailing(factory.make()).makeAsyncIterator() }
        case .subject(let index):
            let subject = subjects[index]
            if let unavailable = subject.unavailable { throw UnsupportedFlow(engine: "async-stream", operation: unavailable) }
            return IntSequence { IntIterator(subject.subscribe().makeAsyncIterator()) }

        case .map(let source, let transform):
            return try IntSequence(sequence(for: source).map(transform.apply))
        case .compactMap(let source, let transform):
            return try IntSequence(sequence(for: source).compactMap(transform.apply))
        case .filter(let source, let predicate):
            return try IntSequence(sequence(for: source).filter(predicate.test))
        case .scan(let source, let seed, let accumulator):
            return try IntSequence(sequence(for: source).reductions(seed, accumulator.combine))
        case .reduce(let source, let seed, let accumulator):
            // `try await sequence.reduce(seed, +)`, as a sequence of its one result.
            let base = try sequence(for: source)
            return IntSequence(ReduceSequence(base: base, seed: seed, combine: accumulator.combine))
        case .take(let source, let count):
            return try IntSequence(sequence(for: source).prefix(max(0, count)))
        case .skip(let source, let count):
            return try IntSequence(sequence(for: source).dropFirst(count))
        // AsyncSequence's map, filter and reductions take `throws` closures; a throw ends the iteration.
        case .tryMap(let source, let transform):
            return try IntSequence(sequence(for: source).map { try transform.apply($0) })
        case .tryFilter(let source, let predicate):
            return try IntSequence(sequence(for: source).filter { try predicate.test($0) })
        case .tryScan(let source, let seed, let accumulator):
            return try IntSequence(sequence(for: source).reductions(seed) { try accumulator.combine($0, $1) })
        // The catch here is a hand-written sequence whose handler returns a sequence: a throw becomes a
        // failing one; flatMap's inner sequences likewise.
        case .tryFlatMap(let source, let selector):
            return try sequence(for: .flatMap(source, selector.failingInner))
        case .tryCatchError(let source, let handler):
            return try sequence(for: .catchError(source, handler.failingContinuation))
        case .tryReduce(let source, let seed, let accumulator):
            let base = try sequence(for: source)
            let combine = accumulator.combine
            return IntSequence(ReduceSequence(base: base, seed: seed) { try combine($0, $1) })
        case .distinctUntilChanged(let source):
            return try IntSequence(sequence(for: source).removeDuplicates())
        case .distinctUntilChangedByKey(let source, let key):
            let keyOf = key.key
            return try IntSequence(sequence(for: source).removeDuplicates { keyOf($0) == keyOf($1) })
        case .distinctUntilChangedByComparer(let source, let equivalence):
            let areEqual = equivalence.areEqual
            return try IntSequence(sequence(for: source).removeDuplicates { areEqual($0, $1) })
        // swift-async-algorithms' `removeDuplicates(by:)` has a throwing overload; it has no key form, so the key
        // is taken inside the comparison.
        case .tryDistinctUntilChangedByKey(let source, let key):
            let keyOf = key.key
            return try IntSequence(sequence(for: source).removeDuplicates { try keyOf($0) == keyOf($1) })
        case .tryDistinctUntilChangedByComparer(let source, let equivalence):
            let areEqual = equivalence.areEqual
            return try IntSequence(sequence(for: source).removeDuplicates { try areEqual($0, $1) })
        case .startWith(let source, let values):
            return try IntSequence(chain(values.async, sequence(for: source)))
        case .tap(let source, let hooks):
            return try IntSequence(TapSequence(base: sequence(for: source), hooks: hooks))
        case .asyncMap(let source, let transform):
            // An async transform is a plain `map` in Swift concurrency: one value at a time, in source order.
            return try IntSequence(sequence(for: source).map { value in
                await withCheckedContinuation { continuation in
                    transform.start(value) { continuation.resume(returning: $0) }
                }
            })
        case .asyncFilter(let source, let predicate):
            return try IntSequence(sequence(for: source).filter { value in
                await withCheckedContinuation { continuation in
                    predicate.start(value) { continuation.resume(returning: $0) }
                }
            })
        case .retry(let source, let attempts):
            return try IntSequence(RetrySequence(base: sequence(for: source), attempts: attempts))
        case .catchError(let source, let handler):
            let translator = self
            return try IntSequence(CatchSequence(base: sequence(for: source)) { error in
                translator.translatedOrFailing(handler.recover(error))
            })
        case .subscribeOn(let source, let spec), .observeOn(let source, let spec):
            // Where a task's code runs is its executor's business, not an operator's: immediate and the
            // trampoline are the consuming task itself; a queue has no operator.
            if case .serial = spec {
                throw UnsupportedFlow(
                    engine: "async-stream",
                    operation: "\(flow.operatorName)(serial queue): no scheduler operator; the consuming task's executor decides")
            }
            return try sequence(for: source)

        case .concat(let sources):
            guard let first = sources.first else { return IntSequence(EmptyCollection<Int>().async) }
            var result = try sequence(for: first)
            for source in sources.dropFirst() { result = try IntSequence(chain(result, sequence(for: source))) }
            return result
        case .flatMap(let source, let selector):
            // The standard library's flatMap runs one inner sequence at a time (concatMap); with `just`
            // inners the events are the same as a merging flatMap's.
            let base = try sequence(for: source)
            if selector.returnsJust {
                let value = selector.justValue.apply
                return IntSequence(base.flatMap { CollectionOfOne(value($0)).async })
            }
            let translator = self
            return IntSequence(base.flatMap { translator.translatedOrFailing(selector.select($0)) })
        case .single(let producer):
            return single(producer)
        case .asSingle(let source):
            // No one-result type: callers take the first element.
            return try IntSequence(sequence(for: source).prefix(1))
        case .singleFlatMap(let source, let selector):
            let translator = self
            return try IntSequence(sequence(for: source).flatMap { translator.single(selector.select($0)) })
        case .merge(let sources):
            return try merged(sources)
        case .combineLatest(let sources, let combiner):
            return try combined(sources, combiner, latest: true)
        case .zip(let sources, let combiner):
            return try combined(sources, combiner, latest: false)
        case .flatMapLatest:
            throw UnsupportedFlow(
                engine: "async-stream",
                operation: "flatMapLatest: swift-async-algorithms 1.1.4 ships it only behind AsyncAlgorithms 1.3 availability")
        case .tryFlatMapLatest:
            throw UnsupportedFlow(
                engine: "async-stream",
                operation: "tryFlatMapLatest: as flatMapLatest, which swift-async-algorithms 1.1.4 ships only behind AsyncAlgorithms 1.3 availability")
        case .takeUntil:
            throw UnsupportedFlow(
                engine: "async-stream", operation: "takeUntil: no operator (racing two sequences needs a task group)")
        case .using, .tryUsing:
            throw UnsupportedFlow(
                engine: "async-stream", operation: "using: no operator (a consumer uses defer in its own task)")

        case .system(let initial, let reduce, let feedbacks):
            return system(initial: initial, reduce: reduce, feedbacks: feedbacks)
        case .feedbackState:
            return feedbackState ?? .failing(.foreign)
        }
    }

    /// `merge(a, b, c)`, then `merge(previous, d, e)` for more inputs, as a user nests the library's two- and
    /// three-input merges. Each level iterates its inputs in a task group inside a `Task` of its own.
    private func merged(_ sources: [Flow]) throws(UnsupportedFlow) -> IntSequence {
        var inputs = try translated(sources)[...]
        guard var result = inputs.popFirst() else { return IntSequence(EmptyCollection<Int>().async) }
        while let second = inputs.popFirst() {
            if let third = inputs.popFirst() {
                result = IntSequence(merge(result, second, third))
            } else {
                result = IntSequence(merge(result, second))
            }
        }
        return result
    }

    /// The library's two- and three-input `combineLatest` and `zip`; four inputs nest a pair as the first input,
    /// and the tuples are flattened into the flow's combining closure, as a user writes it. More inputs nest
    /// pairwise into an array.
    private func combined(_ sources: [Flow], _ combiner: IntCombiner, latest: Bool) throws(UnsupportedFlow) -> IntSequence {
        let s = try translated(sources)
        switch s.count {
        case 0:
            return IntSequence(EmptyCollection<Int>().async)
        case 1:
            return IntSequence(s[0].map { combiner.combine([$0]) })
        case 2:
            let combine = combiner.arity2
            return latest
                ? IntSequence(combineLatest(s[0], s[1]).map { combine($0, $1) })
                : IntSequence(zip(s[0], s[1]).map { combine($0, $1) })
        case 3:
            let combine = combiner.arity3
            return latest
                ? IntSequence(combineLatest(s[0], s[1], s[2]).map { combine($0, $1, $2) })
                : IntSequence(zip(s[0], s[1], s[2]).map { combine($0, $1, $2) })
        case 4:
            let combine = combiner.arity4
            return latest
                ? IntSequence(combineLatest(combineLatest(s[0], s[1]), s[2], s[3]).map { combine($0.0, $0.1, $1, $2) })
                : IntSequence(zip(zip(s[0], s[1]), s[2], s[3]).map { combine($0.0, $0.1, $1, $2) })
        default:
            let combine = combiner.combine
            let first = ArraySequence(s[0].map { [$0] })
            let all = s.dropFirst().reduce(first) { values, next in
                latest
                    ? ArraySequence(combineLatest(values, next).map { $0 + [$1] })
                    : ArraySequence(zip(values, next).map { $0 + [$1] })
            }
            return IntSequence(all.map(combine))
        }
    }

    private func translated(_ flows: [Flow]) throws(UnsupportedFlow) -> [IntSequence] {
        var sequences: [IntSequence] = []
        for flow in flows { sequences.append(try sequence(for: flow)) }
        return sequences
    }

    /// For flows made during iteration (factories, selectors, handlers): an inner flow this row cannot
    /// express fails the stream with `BenchError.foreign`.
    func translatedOrFailing(_ flow: Flow) -> IntSequence {
        do { return try sequence(for: flow) } catch { return .failing(.foreign) }
    }

    /// A request: an async function (`AnswerSequence` awaits it once) where the answer is given at once; a
    /// callback producer behind a single-element `AsyncThrowingStream` (yield, finish), whose later yields are
    /// dropped, so the first answer wins.
    func single(_ producer: SingleProducer) -> IntSequence {
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
    private func create(_ emitter: Emitter) -> IntSequence {
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
    private func system(initial: Int, reduce: IntAccumulator, feedbacks: [Flow]) -> IntSequence {
        let feedback = feedbacks.count == 1 ? feedbacks[0] : .merge(feedbacks)
        let subjects = self.subjects
        return IntSequence {
            let state = StreamSubject(.replayLast(initial: initial))
            let replayed = IntSequence { IntIterator(state.subscribe().makeAsyncIterator()) }
            let mutations = StreamTranslator(subjects: subjects, feedbackState: replayed).translatedOrFailing(feedback)
            let states = mutations.reductions(initial, reduce.combine).map { next -> Int in
                state.send(next)
                return next
            }
            return IntIterator(chain(CollectionOfOne(initial).async, states).makeAsyncIterator())
        }
    }
}
