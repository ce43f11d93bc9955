/// The subscription (and whatever it emits synchronously) happens on `queue`.
public func runOn<T, E>(_ queue: Queue) -> (Signal<T, E>) -> Signal<T, E> {
    { signal in
        Signal<T, E> { subscriber in
            let disposable = MetaDisposable()
            queue.async {
                if subscriber.isTerminated { return }
                disposable.set(signal.start(
                    next: { subscriber.putNext($0) },
                    error: { subscriber.putError($0) },
                    completed: { subscriber.putCompletion() }))
            }
            return disposable
        }
    }
}

/// The subscription happens through the current-thread trampoline: now, unless the thread is already
/// inside it, then after the pending work.
public func runOn<T, E>(_ trampoline: Trampoline) -> (Signal<T, E>) -> Signal<T, E> {
    { signal in
        Signal<T, E> { subscriber in
            let disposable = MetaDisposable()
            trampoline.schedule {
                if subscriber.isTerminated { return }
                disposable.set(signal.start(
                    next: { subscriber.putNext($0) },
                    error: { subscriber.putError($0) },
                    completed: { subscriber.putCompletion() }))
            }
            return disposable
        }
    }
}
