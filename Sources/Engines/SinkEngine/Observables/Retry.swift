extension Producer {
    /// Resubscribes after an error until `maxAttemptCount` subscriptions in total have been made (at
    /// least one); the last error is forwarded. Resubscription goes through `CurrentThreadScheduler`, so
    /// a source that fails synchronously loops in constant stack.
    public func retry(_ maxAttemptCount: Int) -> Observable<Element> {
        Retry(source: self, maxAttemptCount: Swift.max(1, maxAttemptCount))
    }
}

final class Retry<Element>: Producer<Element> {
    let source: Observable<Element>
    let maxAttemptCount: Int

    init(source: Observable<Element>, maxAttemptCount: Int) {
        self.source = source
        self.maxAttemptCount = maxAttemptCount
        super.init { (parent: Retry<Element>, observer, cancel) in
            let sink = RetrySink(parent: parent, observer: observer, cancel: cancel)
            sink.subscribeNext()
            return SinkAndSubscription(sink: sink, subscription: sink.current)
        }
    }
}

final class RetrySink<Element>: TailRecursiveSink<Element> {
    private let parent: Retry<Element>
    // One attempt runs at a time: accessed serially.
    private var attempts = 0

    init(parent: Retry<Element>, observer: AnyObserver<Element>, cancel: SinkDisposer) {
        self.parent = parent
        super.init(observer: observer, cancel: cancel)
    }

    override func nextSource() -> Observable<Element>? {
        attempts += 1
        return parent.source
    }

    override func on(_ event: Event<Element>) {
        switch event {
        case .next:
            forwardOn(event)
        case .completed:
            forwardTerminal(event)
        case .error:
            if attempts >= parent.maxAttemptCount {
                forwardTerminal(event)
            } else {
                scheduleNext()
            }
        }
    }
}
