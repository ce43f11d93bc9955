/// Every event is put on `queue`, in order.
public func deliverOn<T, E>(_ queue: Queue) -> (Signal<T, E>) -> Signal<T, E> {
    { signal in
        Signal<T, E> { subscriber in
            signal.start(
                next: { value in queue.async { subscriber.putNext(value) } },
                error: { error in queue.async { subscriber.putError(error) } },
                completed: { queue.async { subscriber.putCompletion() } })
        }
    }
}

/// Every event goes through the current-thread trampoline: delivered at once unless the thread is
/// already inside the trampoline, then queued behind the pending work.
public func deliverOn<T, E>(_ trampoline: Trampoline) -> (Signal<T, E>) -> Signal<T, E> {
    { signal in
        Signal<T, E> { subscriber in
            signal.start(
                next: { value in trampoline.schedule { subscriber.putNext(value) } },
                error: { error in trampoline.schedule { subscriber.putError(error) } },
                completed: { trampoline.schedule { subscriber.putCompletion() } })
        }
    }
}
