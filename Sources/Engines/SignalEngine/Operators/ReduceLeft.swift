/// Emits the final accumulation on completion (the initial value if there were no values), then
/// completes. SwiftSignalKit's `reduceLeft(value:f:)`.
public func reduceLeft<T, E, A>(value initial: A, f: @escaping (A, T) -> A) -> (Signal<T, E>) -> Signal<A, E> {
    { signal in
        Signal<A, E> { subscriber in
            let state = StageState(initial)
            return signal.start(
                next: { state.value = f(state.value, $0) },
                error: { subscriber.putError($0) },
                completed: {
                    subscriber.putNext(state.value)
                    subscriber.putCompletion()
                })
        }
    }
}
