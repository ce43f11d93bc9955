/// Drops values equal to the previous one.
public func distinctUntilChanged<T: Equatable, E>(_ signal: Signal<T, E>) -> Signal<T, E> {
    Signal<T, E> { subscriber in
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
}

/// Drops values `isEqual` calls equal to the previous forwarded one: the key and comparer forms.
// SwiftSignalKit has only the `Equatable` form; a key or comparer is the same stage with the test supplied.
public func distinctUntilChanged<T, E>(isEqual: @escaping (T, T) -> Bool) -> (Signal<T, E>) -> Signal<T, E> {
    { signal in
        Signal<T, E> { subscriber in
            let last = StageState<T?>(nil)
            return signal.start(
                next: {
                    if let previous = last.value, isEqual(previous, $0) { return }
                    last.value = $0
                    subscriber.putNext($0)
                },
                error: { subscriber.putError($0) },
                completed: { subscriber.putCompletion() })
        }
    }
}
