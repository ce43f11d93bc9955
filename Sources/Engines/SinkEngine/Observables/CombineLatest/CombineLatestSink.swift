/// The bookkeeping every combineLatest shares: which inputs have a value and which completed.
///
/// RxSwift's `CombineLatestSink` asks its arity subclass for the result through an overridden
/// `getResult()`, a vtable call that would run unspecialised on every event. Here the subclass hands a
/// non-capturing closure to the initialiser instead, written where its types are concrete.
class CombineLatestSink<Result>: SerializingSink<Result> {
    typealias MakeResult = (CombineLatestSink<Result>) throws -> Result

    private let makeResult: MakeResult
    // Touched only in the serial section: which inputs have produced a value / completed.
    private var hasValue: InputFlags
    private var isDone: InputFlags

    init(arity: Int, makeResult: @escaping MakeResult, observer: AnyObserver<Result>, cancel: SinkDisposer) {
        self.makeResult = makeResult
        hasValue = InputFlags(arity: arity)
        isDone = InputFlags(arity: arity)
        super.init(observer: observer, cancel: cancel)
    }

    /// Handles one input's event in the serial section; `store` keeps a value in the subclass's storage.
    @inline(__always)
    final func handle<Value>(_ event: Event<Value>, index: Int, store: (Value) -> Void) {
        switch event {
        case .next(let value):
            store(value)
            hasValue.set(index)
            if hasValue.all {
                // Bound before it is wrapped, as RxSwift does (RxSwift/Observables/CombineLatest.swift:49-50 at 6.10.2): see MapSink.
                let result: Result
                do {
                    result = try makeResult(self)
                } catch {
                    forwardTerminal(.error(error))
                    return
                }
                forwardOn(.next(result))
            } else if isDone.allOthers(than: index) {
                // Not every input has a value, and every other input has completed: one never will, so
                // RxSwift completes here (CombineLatestSink.next in RxSwift/Observables/CombineLatest.swift;
                // tests testCombineLatest_EmptyReturn, testCombineLatest_ReturnEmpty).
                forwardTerminal(.completed)
            }
        case .error(let error):
            forwardTerminal(.error(error))
        case .completed:
            // Otherwise it completes once every input has (CombineLatestSink.done).
            isDone.set(index)
            if isDone.all {
                forwardTerminal(.completed)
            }
        }
    }
}
