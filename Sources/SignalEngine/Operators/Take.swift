/// The first `count` values, then completion (upstream disposed). `take(0)` completes at once without
/// starting upstream.
public func take<T, E>(_ count: Int) -> (Signal<T, E>) -> Signal<T, E> {
    { signal in
        Signal<T, E> { subscriber in
            if count <= 0 {
                subscriber.putCompletion()
                return EmptyDisposable
            }
            let remaining = StageState(count)
            return signal.start(
                next: {
                    if remaining.value <= 0 { return }
                    remaining.value -= 1
                    subscriber.putNext($0)
                    if remaining.value == 0 { subscriber.putCompletion() }
                },
                error: { subscriber.putError($0) },
                completed: { subscriber.putCompletion() })
        }
    }
}
