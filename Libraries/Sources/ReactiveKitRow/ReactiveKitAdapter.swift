import ReactiveKit
import RxBenchKit

/// ReactiveKit 3.21.0 behind rxbench's `EngineAdapter`, written through the public plug-in API only.
///
/// A `Flow` becomes the `Signal` chain a ReactiveKit user writes (`map`, `filter`, `flatMapMerge`,
/// `flatMapLatest`, `prefix(untilOutputFrom:)`, ...; see `ReactiveKitMapping`). Subscribing is
/// `observe(with:)` with one event closure made once per run, as the library's README observes a signal;
/// the `AtomicObserver` it makes per subscription (Signal.swift:41-45) is the library's cost. Source
/// references are to ReactiveKit v3.21.0's `Sources/`.
public struct ReactiveKitAdapter: EngineAdapter {
    public typealias Stream = Signal<Int, BenchError>
    public typealias Subscription = Disposable
    public typealias Subject = ReactiveKitSubject
    /// `Observer<Int, BenchError>` (Observer.swift:28): one closure over `Signal.Event`.
    public typealias Observer = ReactiveKit.Observer<Int, BenchError>

    public init() {}

    /// No rule of the conformance catalogue is ReactiveKit's: each case's own expectation holds, and where
    /// ReactiveKit does otherwise the report lists the difference.
    public var descriptor: EngineDescriptor {
        EngineDescriptor(id: "reactivekit", role: .library, modelledOn: "ReactiveKit 3.21.0")
    }

    public func stream(_ flow: Flow, subjects: [ReactiveKitSubject]) throws(UnsupportedFlow) -> Stream {
        try ReactiveKitMapping(subjects: subjects).stream(for: flow)
    }

    /// The closure captures the harness's observer whole and calls its closures where they are stored: one bound
    /// to a `let` of its concrete type would be wrapped (EventObserverOf's header).
    public func nativeObserver(_ observer: EventObserver) -> Observer {
        { event in
            switch event {
            case .next(let value): observer.next(value)
            case .failed(let failure): observer.error(failure)
            case .completed: observer.completed()
            }
        }
    }

    public func subscribe(_ stream: Stream, with observer: @escaping Observer) -> Disposable {
        stream.observe(with: observer)
    }

    /// The `AtomicObserver` a subscription returns forgets its observer under its lock and disposes upstream
    /// once (Observer.swift:118-127): idempotent and safe from any thread.
    public func dispose(_ subscription: Disposable) {
        subscription.dispose()
    }

    public func makeSubject(_ kind: SubjectKind) -> ReactiveKitSubject {
        switch kind {
        case .publish:
            return .passthrough(PassthroughSubject())
        // ReplayOneSubject keeps the last value and the terminal event and replays both (Subjects.swift:168-198).
        case .replayLast(let initial):
            let subject = ReplayOneSubject<Int, BenchError>()
            if let initial { subject.send(initial) }
            return .replayOne(subject)
        // ReactiveKit's state holder, what its users keep a current value in (README, "Property").
        case .behavior(let initial):
            return .property(Property(initial))
        case .replay(let bufferSize):
            return .replay(ReplaySubject(bufferSize: max(1, bufferSize)))
        }
    }

    public func sender(for subject: ReactiveKitSubject) -> SubjectSender {
        switch subject {
        case .passthrough(let subject):
            return SubjectSender(
                next: { subject.send($0) }, error: { subject.send(completion: .failure($0)) },
                completed: { subject.send(completion: .finished) })
        case .replayOne(let subject):
            return SubjectSender(
                next: { subject.send($0) }, error: { subject.send(completion: .failure($0)) },
                completed: { subject.send(completion: .finished) })
        case .replay(let subject):
            return SubjectSender(
                next: { subject.send($0) }, error: { subject.send(completion: .failure($0)) },
                completed: { subject.send(completion: .finished) })
        case .property(let property):
            return SubjectSender(
                next: { property.value = $0 },
                terminalEventsUnsupported: UnsupportedFlow(
                    engine: "reactivekit",
                    operation:
                        "a terminal event into a behavior subject: Property (ReactiveKit's BehaviorSubject) cannot fail, its events are Signal<Value, Never>.Event (Property.swift:63)"
                ))
        }
    }
}

/// The subject a ReactiveKit user picks for each of the suite's flavours. Each locks internally (an
/// `NSRecursiveLock` per subject, Subjects.swift:67; Property.swift:36), so they are shared across threads.
public enum ReactiveKitSubject: @unchecked Sendable {
    case passthrough(PassthroughSubject<Int, BenchError>)
    case replayOne(ReplayOneSubject<Int, BenchError>)
    case replay(ReplaySubject<Int, BenchError>)
    case property(Property<Int>)

    /// The subject as a `Signal`, as ReactiveKit's README exposes one (`toSignal()`); a `Property` cannot
    /// fail, so its signal's error type is cast to the suite's (`castError()`, SignalProtocol+ErrorHandling.swift:237).
    var signal: Signal<Int, BenchError> {
        switch self {
        case .passthrough(let subject): subject.toSignal()
        case .replayOne(let subject): subject.toSignal()
        case .replay(let subject): subject.toSignal()
        case .property(let property): property.castError()
        }
    }
}
