/// Drops the first `count` values.
public func skip<T, E>(_ count: Int) -> (Signal<T, E>) -> Signal<T, E> {
    { signal in
        Signal<T, E> { subscriber in
            let remaining = StageState(count)
            return signal.start(
                next: {
                    if remaining.value > 0 {
                        remaining.value -= 1
                    } else {
                        subscriber.putNext($0)
                    }
                },
                error: { subscriber.putError($0) },
                completed: { subscriber.putCompletion() })
        }
    }
}
