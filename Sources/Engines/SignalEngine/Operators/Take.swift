/// The first `count` values, then completion (upstream disposed). As SwiftSignalKit's (Signal_Take.swift:3-28),
/// `take(0)` starts upstream, lets no value through and completes when upstream does.
public func take<T, E>(_ count: Int) -> (Signal<T, E>) -> Signal<T, E> {
    { signal in
        Signal<T, E> { subscriber in
            #if SIGNAL_LOCKED
            let taken = AtomicState(0)
            return signal.start(
                next: { value in
                    let (passes, completes) = taken.modify { taken in
                        taken += 1
                        return (taken <= count, taken == count)
                    }
                    if passes { subscriber.putNext(value) }
                    if completes { subscriber.putCompletion() }
                },
                error: { subscriber.putError($0) },
                completed: { subscriber.putCompletion() })
            #else
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
            #endif
        }
    }
}
