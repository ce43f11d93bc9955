/// A resource acquired per subscription and released exactly once when the subscription ends
/// (a terminal event disposes the subscription too). Not in SwiftSignalKit, where the same is written
/// by hand as a generator returning an `ActionDisposable`: that is what this does.
public func using<T, E, Resource>(
    _ acquire: @escaping () -> Resource,
    _ body: @escaping (Resource) -> Signal<T, E>,
    release: @escaping (Resource) -> Void
) -> Signal<T, E> {
    Signal<T, E> { subscriber in
        let resource = acquire()
        let disposable = body(resource).start(
            next: { subscriber.putNext($0) },
            error: { subscriber.putError($0) },
            completed: { subscriber.putCompletion() })
        return ActionDisposable {
            disposable.dispose()
            release(resource)
        }
    }
}
