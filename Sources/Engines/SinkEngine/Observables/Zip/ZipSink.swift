/// The bookkeeping every zip shares: how many values each input has queued, and which completed.
/// Like `CombineLatestSink`, the arity subclass supplies the result as a non-capturing closure.
class ZipSink<Result>: SerializingSink<Result> {
    typealias MakeResult = (ZipSink<Result>) throws -> Result

    private let makeResult: MakeResult
    // Touched only in the serial section: queued values per input, and a bit per completed input.
    private var counts: [Int]
    private var isDone: InputFlags
    private let endsAtUnpairedValue: Bool

    /// `endsAtUnpairedValue`: also complete at a value that forms no tuple once every other input has
    /// completed, as RxSwift's collection form does (ZipCollectionTypeSink.on in
    /// RxSwift/Observables/Zip+Collection.swift); its fixed-arity form (ZipSink) does not.
    init(
        arity: Int, endsAtUnpairedValue: Bool = false, makeResult: @escaping MakeResult,
        observer: AnyObserver<Result>, cancel: SinkDisposer
    ) {
        self.makeResult = makeResult
        self.endsAtUnpairedValue = endsAtUnpairedValue
        isDone = InputFlags(arity: arity)
        self.counts = Array(repeating: 0, count: arity)
        super.init(observer: observer, cancel: cancel)
    }

    /// Handles one input's event in the serial section; `enqueue` queues a value in the subclass's
    /// storage, and `makeResult` dequeues one value from each input.
    @inline(__always)
    final func handle<Value>(_ event: Event<Value>, index: Int, enqueue: (Value) -> Void) {
        switch event {
        case .next(let value):
            enqueue(value)
            counts[index] += 1
            if counts.contains(0) {
                if endsAtUnpairedValue, isDone.allOthers(than: index) { forwardTerminal(.completed) }
                return
            }
            for i in counts.indices { counts[i] -= 1 }
            // Bound before it is wrapped, as RxSwift does (RxSwift/Observables/Zip.swift:52-53 at 6.10.2): see MapSink.
            let result: Result
            do {
                result = try makeResult(self)
            } catch {
                forwardTerminal(.error(error))
                return
            }
            forwardOn(.next(result))
        case .error(let error):
            forwardTerminal(.error(error))
        case .completed:
            // RxSwift 6 completes zip only once every input has completed, also when a completed input's
            // queue is empty and no value can ever be paired again (ZipSink.done in
            // RxSwift/Observables/Zip.swift; tests testZip_AllCompleted2, testZip_EmptyNever).
            isDone.set(index)
            if isDone.all { forwardTerminal(.completed) }
        }
    }
}

/// A FIFO of one input's values that reuses its storage: no allocation in steady state.
struct ZipBuffer<Value> {
    private var items: [Value] = []
    private var head = 0

    mutating func enqueue(_ value: Value) {
        items.append(value)
    }

    mutating func dequeue() -> Value {
        let value = items[head]
        head += 1
        if head == items.count {
            items.removeAll(keepingCapacity: true)
            head = 0
        }
        return value
    }
}
