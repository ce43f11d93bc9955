extension Flow {
    /// The flows this one is built on directly, known before subscription (selectors, factories and
    /// handlers make theirs later and are not included). For checks that walk a whole flow.
    public var inputs: [Flow] {
        switch self {
        case .just, .from, .empty, .never, .fail, .create, .deferred, .subject, .using, .feedbackState, .single,
            .tryUsing:
            return []
        case .map(let source, _), .compactMap(let source, _), .filter(let source, _), .scan(let source, _, _),
            .reduce(let source, _, _), .take(let source, _), .skip(let source, _), .distinctUntilChanged(let source),
            .distinctUntilChangedByKey(let source, _), .distinctUntilChangedByComparer(let source, _),
            .tryMap(let source, _), .tryFilter(let source, _), .tryScan(let source, _, _),
            .tryReduce(let source, _, _), .tryFlatMap(let source, _), .tryFlatMapLatest(let source, _),
            .tryDistinctUntilChangedByKey(let source, _), .tryDistinctUntilChangedByComparer(let source, _),
            .tryCatchError(let source, _),
            .startWith(let source, _), .tap(let source, _), .asyncMap(let source, _), .asyncFilter(let source, _),
            .retry(let source, _), .catchError(let source, _), .subscribeOn(let source, _), .observeOn(let source, _),
            .flatMap(let source, _), .flatMapLatest(let source, _), .asSingle(let source), .singleFlatMap(let source, _):
            return [source]
        case .merge(let sources), .concat(let sources), .combineLatest(let sources, _), .zip(let sources, _):
            return sources
        case .takeUntil(let source, let trigger):
            return [source, trigger]
        case .system(_, _, let feedbacks):
            return feedbacks
        }
    }

    /// Whether this flow or any flow it is built on satisfies `predicate`.
    public func contains(where predicate: (Flow) -> Bool) -> Bool {
        predicate(self) || inputs.contains { $0.contains(where: predicate) }
    }
}
