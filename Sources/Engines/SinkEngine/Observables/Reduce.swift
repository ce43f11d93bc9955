extension Producer {
    /// The final accumulation (the seed if the source was empty) on completion, then completed.
    public func reduce<State>(
        _ seed: State, accumulator: @escaping (State, Element) throws -> State
    ) -> Observable<State> {
        Reduce(source: self, seed: seed, accumulator: accumulator)
    }
}

final class Reduce<Element, State>: Producer<State> {
    let source: Observable<Element>
    let seed: State
    let accumulator: (State, Element) throws -> State

    init(source: Observable<Element>, seed: State, accumulator: @escaping (State, Element) throws -> State) {
        self.source = source
        self.seed = seed
        self.accumulator = accumulator
        super.init { (parent: Reduce<Element, State>, observer, cancel) in
            let sink = ReduceSink(
                seed: parent.seed, accumulator: parent.accumulator, observer: observer, cancel: cancel)
            let subscription = parent.source.subscribe(AnyObserver { sink.on($0) })
            return SinkAndSubscription(sink: sink, subscription: subscription)
        }
    }
}

final class ReduceSink<Element, State>: Sink<State> {
    private let accumulator: (State, Element) throws -> State
    // Events arrive serially (the grammar), so the accumulation needs no lock.
    private var accumulation: State

    init(
        seed: State, accumulator: @escaping (State, Element) throws -> State,
        observer: AnyObserver<State>, cancel: SinkDisposer
    ) {
        self.accumulation = seed
        self.accumulator = accumulator
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            do {
                accumulation = try accumulator(accumulation, element)
            } catch {
                forwardTerminal(.error(error))
            }
        case .error(let error):
            forwardTerminal(.error(error))
        case .completed:
            forwardOn(.next(accumulation))
            forwardTerminal(.completed)
        }
    }
}
