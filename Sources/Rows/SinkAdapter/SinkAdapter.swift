import RxBenchCore
import SinkEngine

/// The `sink` engine (RxSwift's Producer/Sink design) behind the harness's `EngineAdapter` protocol. The same
/// source is compiled once per variant module (see Package.swift); each module names it, and gives its row's id,
/// in its file of Identity/.
public struct SinkEngineAdapter: EngineAdapter {
    public typealias Stream = SinkStream
    public typealias Subscription = Disposable
    public typealias Subject = SubjectBase<Int>
    public typealias Observer = SinkObserver<Int>

    public init() {}

    public var descriptor: EngineDescriptor { rowDescriptor }

    public func stream(_ flow: Flow, subjects: [Subject]) throws(UnsupportedFlow) -> Stream {
        let mapping = SinkMapping(subjects: subjects)
        if let single = try mapping.oneResult(for: flow) { return .single(single) }
        return .observable(try mapping.stream(for: flow))
    }

    /// The closures capture the harness's observer whole and call its closures where they are stored: a
    /// closure bound to a `let` of its concrete type would be wrapped (EventObserverOf's header).
    public func nativeObserver(_ observer: EventObserver) -> SinkObserver<Int> {
        SinkObserver(
            next: observer.next,
            error: { observer.error(benchError($0)) },
            completed: observer.completed,
            success: { value in
                observer.next(value)
                observer.completed()
            },
            observer: AnyObserver { event in
                switch event {
                case .next(let value): observer.next(value)
                case .error(let failure): observer.error(benchError(failure))
                case .completed: observer.completed()
                }
            },
            single: { event in
                switch event {
                case .success(let value):
                    observer.next(value)
                    observer.completed()
                case .failure(let failure):
                    observer.error(benchError(failure))
                }
            })
    }

    /// The lean engine subscribes the harness's observer as it is. The locked variants subscribe as RxSwift's
    /// users and its own benchmarks do, with `subscribe(onNext:onError:onCompleted:)` and a `Single`'s
    /// `subscribe(onSuccess:onFailure:)`, which in RxSwift wrap the closures in an observer with a locked
    /// stopped flag and return a second disposable (SinkEngine's Subscribe.swift and Single+Subscribe.swift).
    public func subscribe(_ stream: Stream, with observer: SinkObserver<Int>) -> Subscription {
        #if SINK_LOCKED
        switch stream {
        case .observable(let observable):
            observable.subscribe(onNext: observer.next, onError: observer.error, onCompleted: observer.completed)
        case .single(let single):
            single.subscribe(onSuccess: observer.success, onFailure: observer.error)
        }
        #else
        switch stream {
        case .observable(let observable): observable.subscribe(observer.observer)
        case .single(let single): single.subscribe(observer.single)
        }
        #endif
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
        case .behavior(let initial):
            return BehaviorSubject<Int>(value: initial)
        case .replay(let bufferSize):
            return ReplaySubject<Int>.create(bufferSize: max(1, bufferSize))
        }
    }

    public func sender(for subject: Subject) -> SubjectSender {
        SubjectSender(
            next: { subject.onNext($0) },
            error: { subject.onError($0) },
            completed: { subject.onCompleted() })
    }

    public var liveObjects: Int? { LiveObjects.current }
}

/// A translated flow: an observable, or a `Single` when the flow is a one-result flow, so that it is
/// subscribed the way RxSwift code subscribes a `Single` (one `SingleEvent` closure behind a stopped flag).
public enum SinkStream {
    case observable(Observable<Int>)
    case single(Single<Int>)
}

/// The harness's observer in the forms the variants subscribe with, made once per run: its three closures
/// (for `subscribe(onNext:onError:onCompleted:)`), an `AnyObserver` for observables and a `SingleEvent`
/// closure for singles (success is reported as a value, then completion). Generic for how Swift stores the
/// closures: as the engine's generic `subscribe` takes them, so that none is wrapped (EventObserverOf's header).
public struct SinkObserver<Element> {
    let next: (Element) -> Void
    let error: (Swift.Error) -> Void
    let completed: () -> Void
    /// A `Single`'s success: the value, then completion.
    let success: (Element) -> Void
    let observer: AnyObserver<Element>
    let single: (SingleEvent<Element>) -> Void
}

/// Native errors are `BenchError`s (RxSwift's own `RxError`s have codes of their own); anything else is an
/// adapter defect, reported as `.foreign`.
func benchError(_ error: Swift.Error) -> BenchError {
    switch error {
    case let error as BenchError: error
    case RxError.noElements: .noElements
    case RxError.moreThanOneElement: .moreThanOneElement
    default: .foreign
    }
}
