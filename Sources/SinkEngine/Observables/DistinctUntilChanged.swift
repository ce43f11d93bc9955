extension Producer where Element: Equatable {
    /// Drops elements equal to the one before.
    public func distinctUntilChanged() -> Observable<Element> {
        DistinctUntilChanged(source: self)
    }
}

final class DistinctUntilChanged<Element: Equatable>: Producer<Element> {
    let source: Observable<Element>

    init(source: Observable<Element>) {
        self.source = source
        super.init { producer, observer, cancel in
            let parent = unsafeDowncast(producer, to: DistinctUntilChanged<Element>.self)
            let sink = DistinctUntilChangedSink(observer: observer, cancel: cancel)
            let subscription = parent.source.subscribe(AnyObserver { sink.on($0) })
            return SinkAndSubscription(sink: sink, subscription: subscription)
        }
    }
}

final class DistinctUntilChangedSink<Element: Equatable>: Sink<Element> {
    // Events arrive serially (the grammar), so the last element needs no lock.
    @exclusivity(unchecked) private var last: Element?

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            if let last, last == element { return }
            last = element
            forwardOn(event)
        case .error, .completed:
            forwardTerminal(event)
        }
    }
}
