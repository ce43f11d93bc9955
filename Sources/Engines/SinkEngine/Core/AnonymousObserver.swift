#if SINK_LOCKED
/// `sink-locked`: the observer RxSwift 6.10.2 wraps a subscriber's closures in, `AnonymousObserver`
/// (Observers/AnonymousObserver.swift) on `ObserverBase` (Observers/ObserverBase.swift:10-31). It is what
/// `subscribe(onNext:onError:onCompleted:)` (ObservableType+Extensions.swift:97) and a `Single`'s
/// `subscribe(_:)` (ObservableType+Extensions.swift:20, reached from Single.swift:53) subscribe, so it is
/// how RxSwift's users and its own benchmarks receive events. Its stopped flag is an `AtomicInt`, RxSwift's
/// locked one here: every value reads it under the lock, and the first terminal event sets it.
///
/// The lean engine subscribes the user's closure as the observer itself (README's fidelity table).
final class AnonymousObserver<Element> {
    // Guards nothing but itself: 1 once a terminal event has been delivered.
    private let isStopped = AtomicInt<Int>(0)
    private let handler: (Event<Element>) -> Void

    #if DEBUG
    private let liveObject = LiveObjects.Token()
    #endif

    init(_ handler: @escaping (Event<Element>) -> Void) {
        self.handler = handler
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next:
            if isStopped.load(ordering: .acquiring) == 0 { handler(event) }
        case .error, .completed:
            if isStopped.bitwiseOr(1, ordering: .acquiringAndReleasing).oldValue == 0 { handler(event) }
        }
    }

    /// The engine's observer form; the closure's only capture is this object, its context.
    var asObserver: AnyObserver<Element> { AnyObserver(on) }
}
#endif
