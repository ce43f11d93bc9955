extension Producer {
    /// Subscribes one input of a multi-input operator (combineLatest, zip) on behalf of its sink.
    ///
    /// In `sink-locked`, as RxSwift 6.10.2 does in every `CombineLatestSinkN_.run` and `ZipSinkN_.run`
    /// (CombineLatest+arity.swift:65-73, Zip+arity.swift:76-84; the collection forms in
    /// CombineLatest+Collection.swift:60-64, 118-127 and Zip+Collection.swift:60-64, 130-139): the input gets its own
    /// `SingleAssignmentDisposable`, and, in the fixed-arity forms, its own observer object
    /// (`CombineLatestObserver`, `ZipObserver`). The lean engine subscribes the sink's closure itself.
    @inline(__always)
    func subscribeInput(_ observer: AnyObserver<Element>, ownObserver: Bool) -> Disposable {
        #if SINK_LOCKED
        let subscription = SingleAssignmentDisposable()
        if ownObserver {
            let input = InputObserver(observer)
            subscription.setDisposable(subscribe(AnyObserver { input.on($0) }))
        } else {
            subscription.setDisposable(subscribe(observer))
        }
        return subscription
        #else
        return subscribe(observer)
        #endif
    }
}

#if SINK_LOCKED
/// `sink-locked`: the per-input observer object of RxSwift's fixed-arity combineLatest and zip. It only
/// passes events on: the sink serialises them, where RxSwift's observer takes the sink's lock itself.
final class InputObserver<Element> {
    private let observer: AnyObserver<Element>

    #if DEBUG
    private let liveObject = LiveObjects.Token()
    #endif

    init(_ observer: AnyObserver<Element>) {
        self.observer = observer
    }

    @inline(__always)
    func on(_ event: Event<Element>) { observer.on(event) }
}
#endif
