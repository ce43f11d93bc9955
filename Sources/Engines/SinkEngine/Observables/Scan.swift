extension Producer {
    /// Every intermediate accumulation; the seed itself is not emitted.
    public func scan<State>(
        _ seed: State, accumulator: @escaping (State, Element) throws -> State
    ) -> Observable<State> {
        Scan(source: self, seed: seed, accumulator: accumulator)
    }
}

final class Scan<Element, State>: Producer<State> {
    let source: Observable<Element>
    let seed: State
    let accumulator: (State, Element) throws -> State

    init(source: Observable<Element>, seed: State, accumulator: @escaping (State, Element) throws -> State) {
        self.source = source
        self.seed = seed
        self.accumulator = accumulator
        super.init { (parent: Scan<Element, State>, observer, cancel) in
            let sink = ScanSink(
                seed: parent.seed, accumulator: parent.accumulator, observer: observer, cancel: cancel)
            let subscription = parent.source.subscribe(AnyObserver { sink.on($0) })
            return SinkAndSubscription(sink: sink, subscription: subscription)
        }
    }
}

final class ScanSink<Element, State>: Sink<State> {
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

    @inline(__always)
    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            do {
                accumulation = try accumulator(accumulation, element)
                forwardOn(.next(accumulation))
            } catch {
                forwardTerminal(.error(error))
            }
        case .error(let error):
            forwardTerminal(.error(error))
        case .completed:
            forwardTerminal(.completed)
        }
    }
}
