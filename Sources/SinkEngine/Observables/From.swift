extension Producer {
    /// The elements of `sequence` in order, then completed.
    ///
    /// RxSwift schedules each element on `CurrentThreadScheduler` by default; this one loops in `run`,
    /// checking for disposal before each element, which gives the same order for a synchronous chain
    /// without an allocation per element.
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
        super.init { producer, observer, cancel in
            let parent = unsafeDowncast(producer, to: ObservableSequence<Element>.self)
            let sink = ObservableSequenceSink(observer: observer, cancel: cancel)
            for element in parent.elements {
                if sink.isDisposed { break }
                sink.forwardOn(.next(element))
            }
            sink.forwardTerminal(.completed)
            return SinkAndSubscription(sink: sink, subscription: Disposables.create())
        }
    }
}

final class ObservableSequenceSink<Element>: Sink<Element> {}
