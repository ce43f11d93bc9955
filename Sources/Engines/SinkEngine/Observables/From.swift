extension Producer {
    /// The elements of `sequence` in order, then completed, one element per turn of the
    /// `CurrentThreadScheduler` trampoline, as RxSwift's `from` on its default scheduler
    /// (ObservableSequenceSink.run in RxSwift/Observables/Sequence.swift: `scheduleRecursive`). So a `from`
    /// subscribed while a subscription is being made starts once that subscription's `run` returns, and
    /// its elements interleave with other recursive schedules: `merge(from([1, 2]), empty, just(3))` gives
    /// 3, 1, 2, as RxSwift does. Unlike RxSwift, the turns reuse one scheduled item instead of allocating
    /// one per element.
    public static func from<S: Sequence>(_ sequence: S) -> Observable<Element> where S.Element == Element {
        ObservableSequence(Array(sequence))
    }

    /// The elements in order, then completed.
    public static func of(_ elements: Element...) -> Observable<Element> {
        ObservableSequence(elements)
    }
}

final class ObservableSequence<Element>: Producer<Element> {
    let elements: [Element]

    init(_ elements: [Element]) {
        self.elements = elements
        super.init { (parent: ObservableSequence<Element>, observer, cancel) in
            let sink = ObservableSequenceSink(elements: parent.elements, observer: observer, cancel: cancel)
            let turns = ScheduledItem(repeating: sink.step)
            CurrentThreadScheduler.instance.schedule(turns)
            return SinkAndSubscription(sink: sink, subscription: turns)
        }
    }
}

final class ObservableSequenceSink<Element>: Sink<Element> {
    private let elements: [Element]
    // Touched only by the turns of the trampoline, on the subscribing thread.
    private var next = 0

    init(elements: [Element], observer: AnyObserver<Element>, cancel: SinkDisposer) {
        self.elements = elements
        super.init(observer: observer, cancel: cancel)
    }

    /// One turn: the next element, or completed once there is none; `true` while elements remain.
    func step() -> Bool {
        if isDisposed { return false }
        if next == elements.count {
            forwardTerminal(.completed)
            return false
        }
        let element = elements[next]
        next += 1
        forwardOn(.next(element))
        return true
    }
}
