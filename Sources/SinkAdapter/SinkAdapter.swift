import RxBenchCore
import SinkEngine

/// The `sink` engine (RxSwift's Producer/Sink design) behind the harness's `EngineAdapter` protocol.
public struct SinkAdapter: EngineAdapter {
    public typealias Stream = Observable<Int>
    public typealias Subscription = Disposable
    public typealias Subject = SubjectBase<Int>

    public init() {}

    public var descriptor: EngineDescriptor {
        EngineDescriptor(id: "sink", role: .engine, modelledOn: "RxSwift 6 Producer/Sink")
    }

    public func stream(_ flow: Flow, subjects: [Subject]) throws(UnsupportedFlow) -> Stream {
        FlowTranslator(subjects: subjects, feedbackState: nil).observable(for: flow)
    }

    public func subscribe(_ stream: Stream, _ observer: EventObserver) -> Subscription {
        let next = observer.next
        let error = observer.error
        let completed = observer.completed
        return stream.subscribe(AnyObserver { event in
            switch event {
            case .next(let value): next(value)
            case .error(let failure): error(benchError(failure))
            case .completed: completed()
            }
        })
    }

    public func dispose(_ subscription: Subscription) {
        subscription.dispose()
    }

    public func makeSubject(_ kind: SubjectKind) -> Subject {
        switch kind {
        case .publish:
            return PublishSubject<Int>()
        case .replayLast(let initial):
            // ReplaySubject(1) in both cases, so that the flavour behaves the same with and without an
            // initial value (RxSwift's BehaviorSubject forgets its value after a terminal event).
            let subject = ReplaySubject<Int>.create(bufferSize: 1)
            if let initial { subject.onNext(initial) }
            return subject
        }
    }

    public func sender(for subject: Subject) -> SubjectSender {
        SubjectSender(
            next: { subject.onNext($0) },
            error: { subject.onError($0) },
            completed: { subject.onCompleted() })
    }

    public var liveObjects: Int? {
        #if DEBUG
        return LiveObjects.count
        #else
        return nil
        #endif
    }
}

/// Native errors are `BenchError`s; anything else is an adapter defect, reported as `.foreign`.
func benchError(_ error: Swift.Error) -> BenchError {
    (error as? BenchError) ?? .foreign
}
