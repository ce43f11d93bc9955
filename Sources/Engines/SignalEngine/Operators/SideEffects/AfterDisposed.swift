/// Runs `f` exactly once when the subscription ends: on dispose, and also after a terminal event
/// (a terminated subscriber disposes what is above it).
public func afterDisposed<T, E>(_ f: @escaping () -> Void) -> (Signal<T, E>) -> Signal<T, E> {
    { signal in
        Signal<T, E> { subscriber in
            let disposable = signal.start(
                next: { subscriber.putNext($0) },
                error: { subscriber.putError($0) },
                completed: { subscriber.putCompletion() })
            return ActionDisposable {
                disposable.dispose()
                f()
            }
        }
    }
}
