/// Runs `f` with the error before it goes downstream. (Not in SwiftSignalKit, which observes errors
/// with `catch`; added so that tap has all its hooks in one idiom.)
public func beforeError<T, E>(_ f: @escaping (E) -> Void) -> (Signal<T, E>) -> Signal<T, E> {
    { signal in
        Signal<T, E> { subscriber in
            signal.start(
                next: { subscriber.putNext($0) },
                error: {
                    f($0)
                    subscriber.putError($0)
                },
                completed: { subscriber.putCompletion() })
        }
    }
}
