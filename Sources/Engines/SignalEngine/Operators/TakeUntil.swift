/// The signal's values until `trigger` puts a value (then completion); a trigger error is forwarded,
/// a trigger completion alone changes nothing. The trigger is started first.
public func takeUntil<T, U, E>(_ trigger: Signal<U, E>) -> (Signal<T, E>) -> Signal<T, E> {
    { signal in
        Signal<T, E> { subscriber in
            let disposables = DisposableSet()
            disposables.add(trigger.start(
                next: { _ in subscriber.putCompletion() },
                error: { subscriber.putError($0) }))
            if subscriber.isTerminated { return disposables }
            disposables.add(signal.start(
                next: { subscriber.putNext($0) },
                error: { subscriber.putError($0) },
                completed: { subscriber.putCompletion() }))
            return disposables
        }
    }
}
