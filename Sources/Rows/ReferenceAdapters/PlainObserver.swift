import RxBenchCore

/// The reference rows' observer: the three closures they call and nothing else, so that what a subscription
/// of the floor holds is the user's closures (`EventObserver` also carries ReactiveSwift's `interrupted`,
/// which plain Swift never calls).
public struct PlainObserver {
    let next: (Int) -> Void
    let error: (BenchError) -> Void
    let completed: () -> Void

    init(_ observer: EventObserver) {
        next = observer.nextInPlainForm
        error = observer.error
        completed = observer.completed
    }
}
