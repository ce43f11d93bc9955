/// The sink `concat` and `retry` share, as RxSwift's do (TailRecursiveSink, RxSwift/Observers/TailRecursiveSink.swift:19
/// at 6.10.2: `ConcatSink` is one, and `retry(_:)` is a `CatchSequence` over the source repeated, Catch.swift:122-125,
/// whose sink is another): one source subscribed at a time, the next through `CurrentThreadScheduler` once the one
/// before it ended, so that sources ending synchronously loop on the trampoline in constant stack. A subclass says
/// what the next source is and which events end one.
class TailRecursiveSink<Element>: Sink<Element> {
    /// The running source's subscription.
    let current = SerialDisposable()

    /// The next source, or nil when there is none (a subclass then forwards the terminal event itself).
    func nextSource() -> Observable<Element>? {
        preconditionFailure("\(Self.self) says what its next source is")
    }

    /// A running source's event; a subclass forwards it, or calls `scheduleNext()` for the event that ends a
    /// source and asks for the next.
    func on(_ event: Event<Element>) {
        preconditionFailure("\(Self.self) says what its sources' events do")
    }

    /// Subscribes the next source, unless disposed or there is none.
    final func subscribeNext() {
        if isDisposed { return }
        guard let source = nextSource() else { return }
        let subscription = SingleAssignmentDisposable()
        current.disposable = subscription
        subscription.setDisposable(source.subscribe(AnyObserver { [self] in on($0) }))
    }

    /// The next source, on the trampoline: queued behind the running subscription when one runs.
    final func scheduleNext() {
        CurrentThreadScheduler.instance.schedule { [self] in subscribeNext() }
    }
}
