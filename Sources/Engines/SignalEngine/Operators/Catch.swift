/// On error, continues with the signal `f` returns for it.
public func `catch`<T, E, R>(_ f: @escaping (E) -> Signal<T, R>) -> (Signal<T, E>) -> Signal<T, R> {
    { signal in
        Signal<T, R> { subscriber in
            let disposables = DisposableSet()
            disposables.add(signal.start(
                next: { subscriber.putNext($0) },
                error: { error in
                    disposables.add(f(error).start(
                        next: { subscriber.putNext($0) },
                        error: { subscriber.putError($0) },
                        completed: { subscriber.putCompletion() }))
                },
                completed: { subscriber.putCompletion() }))
            return disposables
        }
    }
}
