/// Emits every intermediate accumulation; the initial value itself is not emitted.
public func scan<T, E, A>(_ initial: A, _ f: @escaping (A, T) -> A) -> (Signal<T, E>) -> Signal<A, E> {
    { signal in
        Signal<A, E> { subscriber in
            let state = StageState(initial)
            return signal.start(
                next: {
                    state.value = f(state.value, $0)
                    subscriber.putNext(state.value)
                },
                error: { subscriber.putError($0) },
                completed: { subscriber.putCompletion() })
        }
    }
}
