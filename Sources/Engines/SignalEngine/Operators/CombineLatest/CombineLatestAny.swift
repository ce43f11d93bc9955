#if SIGNAL_LOCKED
/// `signal-locked`: SwiftSignalKit's combineLatest (Signal_Combine.swift:9-89 at the pinned fork), which the
/// variants use in place of `CombineLatestState`. Every input is first turned into a `Signal<Any, E>` (a stage
/// of its own, `signalOfAny`); the latest values live in a `[Int: Any]` inside an `Atomic`, and each value
/// builds a new state from a copy of that dictionary; once every input has a value, each value builds a new
/// `[Any]` for the combiner, which casts the values back. Users apply their function with one more stage,
/// `|> map`, as the callers here do.
func combineLatestAny<R, E>(_ inputs: [Signal<Any, E>], _ combine: @escaping ([Any]) -> R) -> Signal<R, E> {
    Signal<R, E> { subscriber in
        let count = inputs.count
        let state = AtomicState(AnyCombineState())
        let disposables = DisposableSet()
        for (index, input) in inputs.enumerated() {
            disposables.add(input.start(
                next: { value in
                    let latest = state.modify { current -> [Int: Any] in
                        var values = current.values  // a second reference: the write below copies it
                        values[index] = value
                        current = AnyCombineState(values: values, completed: current.completed, failed: current.failed)
                        return values
                    }
                    guard latest.count == count else { return }
                    var ordered: [Any] = []
                    for position in 0..<count { ordered.append(latest[position]!) }
                    subscriber.putNext(combine(ordered))
                },
                error: { error in
                    let first = state.modify { current -> Bool in
                        if current.failed { return false }
                        current = AnyCombineState(values: current.values, completed: current.completed, failed: true)
                        return true
                    }
                    if first { subscriber.putError(error) }
                },
                completed: {
                    let last = state.modify { current -> Bool in
                        if current.completed.contains(index) { return false }
                        var completed = current.completed
                        completed.insert(index)
                        current = AnyCombineState(values: current.values, completed: completed, failed: current.failed)
                        return completed.count == count
                    }
                    if last { subscriber.putCompletion() }
                }))
        }
        return disposables
    }
}

/// SwiftSignalKit's `signalOfAny` (Signal_Combine.swift:79-89): one stage that forwards each value as `Any`.
func signalOfAny<T, E>(_ signal: Signal<T, E>) -> Signal<Any, E> {
    Signal<Any, E> { subscriber in
        signal.start(
            next: { subscriber.putNext($0) },
            error: { subscriber.putError($0) },
            completed: { subscriber.putCompletion() })
    }
}

/// What SwiftSignalKit's combineLatest keeps per subscription (`SignalCombineState`).
struct AnyCombineState {
    var values: [Int: Any] = [:]
    var completed: Set<Int> = []
    var failed = false
}
#endif
