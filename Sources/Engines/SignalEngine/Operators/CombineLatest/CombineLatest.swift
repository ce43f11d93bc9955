/// Emits `f` of the latest values once every input has produced one. Completes when all inputs have
/// completed, also when one completed without ever producing a value (SwiftSignalKit's rule, see
/// docs/decisions/completion-rules.md); the first error terminates.
public func combineLatest<T1, T2, R, E>(
    _ s1: Signal<T1, E>, _ s2: Signal<T2, E>, _ f: @escaping (T1, T2) -> R
) -> Signal<R, E> {
    #if SIGNAL_LOCKED
    return combineLatestAny([signalOfAny(s1), signalOfAny(s2)]) { ($0[0] as! T1, $0[1] as! T2) }
        |> map { f($0.0, $0.1) }
    #else
    return Signal<R, E> { subscriber in
        let state = CombineLatestState<(T1?, T2?), R, E>(subscriber: subscriber, count: 2, values: (nil, nil)) {
            f($0.0!, $0.1!)
        }
        state.add { s1.start(next: { x in state.putNext(0) { $0.0 = x } }, error: { subscriber.putError($0) }, completed: { state.putCompletion(0) }) }
        state.add { s2.start(next: { x in state.putNext(1) { $0.1 = x } }, error: { subscriber.putError($0) }, completed: { state.putCompletion(1) }) }
        return state
    }
    #endif
}

public func combineLatest<T1, T2, T3, R, E>(
    _ s1: Signal<T1, E>, _ s2: Signal<T2, E>, _ s3: Signal<T3, E>, _ f: @escaping (T1, T2, T3) -> R
) -> Signal<R, E> {
    #if SIGNAL_LOCKED
    return combineLatestAny([signalOfAny(s1), signalOfAny(s2), signalOfAny(s3)]) {
        ($0[0] as! T1, $0[1] as! T2, $0[2] as! T3)
    } |> map { f($0.0, $0.1, $0.2) }
    #else
    return Signal<R, E> { subscriber in
        let state = CombineLatestState<(T1?, T2?, T3?), R, E>(subscriber: subscriber, count: 3, values: (nil, nil, nil)) {
            f($0.0!, $0.1!, $0.2!)
        }
        state.add { s1.start(next: { x in state.putNext(0) { $0.0 = x } }, error: { subscriber.putError($0) }, completed: { state.putCompletion(0) }) }
        state.add { s2.start(next: { x in state.putNext(1) { $0.1 = x } }, error: { subscriber.putError($0) }, completed: { state.putCompletion(1) }) }
        state.add { s3.start(next: { x in state.putNext(2) { $0.2 = x } }, error: { subscriber.putError($0) }, completed: { state.putCompletion(2) }) }
        return state
    }
    #endif
}

public func combineLatest<T1, T2, T3, T4, R, E>(
    _ s1: Signal<T1, E>, _ s2: Signal<T2, E>, _ s3: Signal<T3, E>, _ s4: Signal<T4, E>,
    _ f: @escaping (T1, T2, T3, T4) -> R
) -> Signal<R, E> {
    #if SIGNAL_LOCKED
    return combineLatestAny([signalOfAny(s1), signalOfAny(s2), signalOfAny(s3), signalOfAny(s4)]) {
        ($0[0] as! T1, $0[1] as! T2, $0[2] as! T3, $0[3] as! T4)
    } |> map { f($0.0, $0.1, $0.2, $0.3) }
    #else
    return Signal<R, E> { subscriber in
        let state = CombineLatestState<(T1?, T2?, T3?, T4?), R, E>(
            subscriber: subscriber, count: 4, values: (nil, nil, nil, nil)
        ) {
            f($0.0!, $0.1!, $0.2!, $0.3!)
        }
        state.add { s1.start(next: { x in state.putNext(0) { $0.0 = x } }, error: { subscriber.putError($0) }, completed: { state.putCompletion(0) }) }
        state.add { s2.start(next: { x in state.putNext(1) { $0.1 = x } }, error: { subscriber.putError($0) }, completed: { state.putCompletion(1) }) }
        state.add { s3.start(next: { x in state.putNext(2) { $0.2 = x } }, error: { subscriber.putError($0) }, completed: { state.putCompletion(2) }) }
        state.add { s4.start(next: { x in state.putNext(3) { $0.3 = x } }, error: { subscriber.putError($0) }, completed: { state.putCompletion(3) }) }
        return state
    }
    #endif
}

/// SwiftSignalKit's tuple form.
public func combineLatest<T1, T2, E>(_ s1: Signal<T1, E>, _ s2: Signal<T2, E>) -> Signal<(T1, T2), E> {
    #if SIGNAL_LOCKED
    combineLatestAny([signalOfAny(s1), signalOfAny(s2)]) { ($0[0] as! T1, $0[1] as! T2) }
    #else
    combineLatest(s1, s2) { ($0, $1) }
    #endif
}

/// Any number of inputs of one type; `f` receives the latest values in input order. No inputs:
/// completes at once.
public func combineLatest<T, R, E>(_ signals: [Signal<T, E>], _ f: @escaping ([T]) -> R) -> Signal<R, E> {
    #if SIGNAL_LOCKED
    if !signals.isEmpty {
        return combineLatestAny(signals.map(signalOfAny)) { $0.map { $0 as! T } } |> map(f)
    }
    #endif
    return Signal<R, E> { subscriber in
        if signals.isEmpty {
            subscriber.putCompletion()
            return EmptyDisposable
        }
        let state = CombineLatestState<ContiguousArray<T?>, R, E>(
            subscriber: subscriber, count: signals.count, values: ContiguousArray(repeating: nil, count: signals.count)
        ) { values in
            f(values.map { $0! })
        }
        for (index, signal) in signals.enumerated() {
            state.add {
                signal.start(
                    next: { x in state.putNext(index) { $0[index] = x } },
                    error: { subscriber.putError($0) },
                    completed: { state.putCompletion(index) })
            }
        }
        return state
    }
}
