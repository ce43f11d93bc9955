/// The bookkeeping every combineLatest shares: which inputs have a value and which completed.
///
/// RxSwift's `CombineLatestSink` asks its arity subclass for the result through an overridden
/// `getResult()`, a vtable call that would run unspecialised on every event. Here the subclass hands a
/// non-capturing closure to the initialiser instead, written where its types are concrete.
class CombineLatestSink<Result>: SerializingSink<Result> {
    typealias MakeResult = (CombineLatestSink<Result>) throws -> Result

    private let makeResult: MakeResult
    private let allInputs: UInt64
    // Touched only in the serial section: a bit per input that has produced a value / completed.
    private var hasValue: UInt64 = 0
    private var isDone: UInt64 = 0

    init(arity: Int, makeResult: @escaping MakeResult, observer: AnyObserver<Result>, cancel: SinkDisposer) {
        precondition(arity > 0 && arity <= 64, "combineLatest supports 1 to 64 inputs")
        self.makeResult = makeResult
        self.allInputs = arity == 64 ? ~0 : (1 << UInt64(arity)) - 1
        super.init(observer: observer, cancel: cancel)
    }

    /// Handles one input's event in the serial section; `store` keeps a value in the subclass's storage.
    @inline(__always)
    final func handle<Value>(_ event: Event<Value>, index: Int, store: (Value) -> Void) {
        let bit: UInt64 = 1 << UInt64(index)
        switch event {
        case .next(let value):
            store(value)
            hasValue |= bit
            if hasValue == allInputs {
                do {
                    forwardOn(.next(try makeResult(self)))
                } catch {
                    forwardTerminal(.error(error))
                }
            } else if isDone | bit == allInputs {
                // Not every input has a value, and every other input has completed: one never will, so
                // RxSwift completes here (CombineLatestSink.next in RxSwift/Observables/CombineLatest.swift;
                // tests testCombineLatest_EmptyReturn, testCombineLatest_ReturnEmpty).
                forwardTerminal(.completed)
            }
        case .error(let error):
            forwardTerminal(.error(error))
        case .completed:
            // Otherwise it completes once every input has (CombineLatestSink.done).
            isDone |= bit
            if isDone == allInputs {
                forwardTerminal(.completed)
            }
        }
    }
}
