import RxBenchKit
import RxSwift

/// RxSwift 6.10.2 itself behind rxbench's `EngineAdapter`, written through the public plug-in API only: the
/// yardstick of the `sink` engine and its variants (docs/decisions/proxies.md).
///
/// A `Flow` becomes the operators an RxSwift user writes, and a subscription is what RxSwift's users and its
/// own benchmarks write, `subscribe(onNext:onError:onCompleted:)` (ObservableType+Extensions.swift:79): an
/// `AnonymousObserver` and a `BinaryDisposable` per subscription are the library's cost, not the adapter's.
public struct RxSwiftAdapter: EngineAdapter {
    public typealias Stream = RxSwiftStream
    public typealias Subscription = Disposable
    public typealias Subject = RxSwiftSubject

    public typealias Observer = SubscribeClosures<Int>

    /// The closures a user hands to `subscribe(onNext:onError:onCompleted:)`, made once per run. Generic for how
    /// Swift stores them: as `subscribe` takes them, so that none is wrapped when it is handed over (a user's
    /// closure literal is compiled that way; EventObserverOf's header).
    public struct SubscribeClosures<Element> {
        let onNext: (Element) -> Void
        let onError: (Swift.Error) -> Void
        let onCompleted: () -> Void
        /// `Single.subscribe(onSuccess:onFailure:)`: a success is a value, then completion.
        let onSuccess: (Element) -> Void
    }

    public init() {}

    public var descriptor: EngineDescriptor {
        EngineDescriptor(id: "rxswift", role: .library, modelledOn: "RxSwift 6.10.2", semantics: .rxSwift)
    }

    public func stream(_ flow: Flow, subjects: [RxSwiftSubject]) throws(UnsupportedFlow) -> RxSwiftStream {
        let mapping = RxSwiftMapping(subjects: subjects)
        if let single = try mapping.oneResult(for: flow) { return .single(single) }
        return .observable(try mapping.stream(for: flow))
    }

    public func nativeObserver(_ observer: EventObserver) -> Observer {
        Observer(
            onNext: observer.next, onError: { observer.error(benchError($0)) }, onCompleted: observer.completed,
            onSuccess: { value in
                observer.next(value)
                observer.completed()
            })
    }

    public func subscribe(_ stream: RxSwiftStream, with observer: Observer) -> Disposable {
        switch stream {
        case .observable(let observable):
            observable.subscribe(onNext: observer.onNext, onError: observer.onError, onCompleted: observer.onCompleted)
        case .single(let single):
            single.subscribe(onSuccess: observer.onSuccess, onFailure: observer.onError)
        }
    }

    public func dispose(_ subscription: Disposable) {
        subscription.dispose()
    }

    public func makeSubject(_ kind: SubjectKind) -> RxSwiftSubject {
        switch kind {
        case .publish:
            return .publish(PublishSubject())
        case .replayLast(let initial):
            // ReplaySubject(1) with and without an initial value: BehaviorSubject forgets its value after a
            // terminal event (BehaviorSubject.swift:129), which this flavour keeps.
            let subject = ReplaySubject<Int>.create(bufferSize: 1)
            if let initial { subject.onNext(initial) }
            return .replay(subject)
        case .behavior(let initial):
            return .behavior(BehaviorSubject(value: initial))
        case .replay(let bufferSize):
            return .replay(ReplaySubject.create(bufferSize: max(1, bufferSize)))
        }
    }

    public func sender(for subject: RxSwiftSubject) -> SubjectSender {
        switch subject {
        case .publish(let subject):
            SubjectSender(next: { subject.onNext($0) }, error: { subject.onError($0) }, completed: { subject.onCompleted() })
        case .replay(let subject):
            SubjectSender(next: { subject.onNext($0) }, error: { subject.onError($0) }, completed: { subject.onCompleted() })
        case .behavior(let subject):
            SubjectSender(next: { subject.onNext($0) }, error: { subject.onError($0) }, completed: { subject.onCompleted() })
        }
    }
}

/// A translated flow: an observable, or a `Single` where the flow is a one-result flow, subscribed as RxSwift
/// code subscribes a `Single`.
public enum RxSwiftStream {
    case observable(Observable<Int>)
    case single(Single<Int>)
}

/// The RxSwift subject a user picks for each of the suite's flavours.
public enum RxSwiftSubject {
    case publish(PublishSubject<Int>)
    case replay(ReplaySubject<Int>)
    case behavior(BehaviorSubject<Int>)

    var observable: Observable<Int> {
        switch self {
        case .publish(let subject): subject.asObservable()
        case .replay(let subject): subject.asObservable()
        case .behavior(let subject): subject.asObservable()
        }
    }
}

/// RxSwift's errors are untyped: the suite's are `BenchError`s, RxSwift's own `RxError`s map to the suite's
/// codes for them, and anything else is an adapter defect (`.foreign`).
func benchError(_ error: Swift.Error) -> BenchError {
    switch error {
    case let error as BenchError: error
    case RxError.noElements: .noElements
    case RxError.moreThanOneElement: .moreThanOneElement
    default: .foreign
    }
}
