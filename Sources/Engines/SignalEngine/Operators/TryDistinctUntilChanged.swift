/// Drops values whose key equals the key of the previous forwarded one; a `.failure` from the key selector
/// ends the signal with that error (upstream disposed by the subscriber's termination).
// SwiftSignalKit has only the `Equatable` form and no throwing closures: the key selector answers a `Result`,
// as `tryMap`'s transform does. The key is taken as each value arrives (the first one's too, so that its
// failure ends the signal then) and kept, not recomputed for the previous value.
public func tryDistinctUntilChanged<T, K: Equatable, E>(
    key: @escaping (T) -> Result<K, E>
) -> (Signal<T, E>) -> Signal<T, E> {
    { signal in
        Signal<T, E> { subscriber in
            let lastKey = StageState<K?>(nil)
            return signal.start(
                next: { value in
                    switch key(value) {
                    case .success(let current):
                        if let previous = lastKey.value, previous == current { return }
                        lastKey.value = current
                        subscriber.putNext(value)
                    case .failure(let error):
                        subscriber.putError(error)
                    }
                },
                error: { subscriber.putError($0) },
                completed: { subscriber.putCompletion() })
        }
    }
}

/// Drops values `isEqual` calls equal to the previous forwarded one; a `.failure` from it ends the signal
/// with that error (upstream disposed by the subscriber's termination).
// The comparer answers a `Result` for the same reason; the first value is compared with nothing.
public func tryDistinctUntilChanged<T, E>(
    isEqual: @escaping (T, T) -> Result<Bool, E>
) -> (Signal<T, E>) -> Signal<T, E> {
    { signal in
        Signal<T, E> { subscriber in
            let last = StageState<T?>(nil)
            return signal.start(
                next: { value in
                    if let previous = last.value {
                        switch isEqual(previous, value) {
                        case .success(true): return
                        case .success(false): break
                        case .failure(let error):
                            subscriber.putError(error)
                            return
                        }
                    }
                    last.value = value
                    subscriber.putNext(value)
                },
                error: { subscriber.putError($0) },
                completed: { subscriber.putCompletion() })
        }
    }
}
