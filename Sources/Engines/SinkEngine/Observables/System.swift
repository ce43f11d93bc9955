extension Producer {
    /// RxFeedback's `system(initialState:reduce:feedback:)`, built from this engine's own operators.
    ///
    /// Per subscription: the state is replayed to every feedback through a `ReplaySubject` of size 1;
    /// the feedbacks' mutations are merged and delivered through `CurrentThreadScheduler` (so a feedback
    /// that answers synchronously queues on the trampoline instead of recursing), scanned with `reduce`,
    /// and the result starts with `initialState`.
    public static func system<Mutation>(
        initialState: Element,
        reduce: @escaping (Element, Mutation) -> Element,
        feedback: [(Observable<Element>) -> Observable<Mutation>]
    ) -> Observable<Element> {
        Observable.deferred {
            let replaySubject = ReplaySubject<Element>.create(bufferSize: 1)
            let state = replaySubject.asObservable()
            let mutations = Observable<Mutation>.merge(feedback.map { $0(state) })
                .observe(on: CurrentThreadScheduler.instance)
            return mutations
                .scan(initialState, accumulator: reduce)
                .do(
                    onNext: { replaySubject.onNext($0) },
                    onSubscribed: { replaySubject.onNext(initialState) }
                )
                .subscribe(on: CurrentThreadScheduler.instance)
                .startWith(initialState)
                .observe(on: CurrentThreadScheduler.instance)
        }
    }
}
