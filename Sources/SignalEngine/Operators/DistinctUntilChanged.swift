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
