/// Drops values equal to the previous one.
public func distinctUntilChanged<T: Equatable, E>(_ signal: Signal<T, E>) -> Signal<T, E> {
    #if SIGNAL_LOCKED
    // The same stage as the comparer form's, with `==`: SwiftSignalKit writes both out, alike (Signal_Mapping.swift:84-94, 109-119).
    return distinctUntilChanged(isEqual: ==)(signal)
    #else
    return Signal<T, E> { subscriber in
        let last = StageState<T?>(nil)
        return signal.start(
            next: {
                if let previous = last.value, previous == $0 { return }
                last.value = $0
                subscriber.putNext($0)
            },
            error: { subscriber.putError($0) },
            completed: { subscriber.putCompletion() })
    }
    #endif
}

/// Drops values `isEqual` calls equal to the previous forwarded one: the comparer form (Signal_Mapping.swift:109-119
/// at the pinned fork); a key is the same stage with the test supplied.
public func distinctUntilChanged<T, E>(isEqual: @escaping (T, T) -> Bool) -> (Signal<T, E>) -> Signal<T, E> {
    { signal in
        Signal<T, E> { subscriber in
            #if SIGNAL_LOCKED
            let last = AtomicState<T?>(nil)
            return signal.start(
                next: { value in
                    let passes = last.modify { last in
                        if let previous = last, isEqual(previous, value) { return false }
                        last = value
                        return true
                    }
                    if passes { subscriber.putNext(value) }
                },
                error: { subscriber.putError($0) },
                completed: { subscriber.putCompletion() })
            #else
            let last = StageState<T?>(nil)
            return signal.start(
                next: {
                    if let previous = last.value, isEqual(previous, $0) { return }
                    last.value = $0
                    subscriber.putNext($0)
                },
                error: { subscriber.putError($0) },
                completed: { subscriber.putCompletion() })
            #endif
        }
    }
}
