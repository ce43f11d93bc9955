import ReactiveSwift
import RxBenchKit

/// ReactiveSwift 7.2.1 behind the harness's `EngineAdapter`, written against rxbench's public API only.
///
/// A `Flow` becomes the `SignalProducer` chain a ReactiveSwift user writes (`map`, `filter`, `flatMap(.merge)`,
/// `flatMap(.latest)`, `take(until:)`, ...; see `ReactiveSwiftMapping`). Subscribing is `start(_:)` with
/// one `Signal.Observer` built once per run; disposing is `dispose()` on the `Disposable` it returned.
public struct ReactiveSwiftAdapter: EngineAdapter {
    public typealias Stream = SignalProducer<Int, BenchError>
    public typealias Subscription = Disposable
    public typealias Subject = ReactiveSwiftSubject
    public typealias Observer = Signal<Int, BenchError>.Observer

    public init() {}

    public var descriptor: EngineDescriptor {
        EngineDescriptor(
            id: "reactiveswift", role: .library, modelledOn: "ReactiveSwift 7.2.1", semantics: .reactiveSwift)
    }

    public func stream(_ flow: Flow, subjects: [ReactiveSwiftSubject]) throws(UnsupportedFlow) -> Stream {
        try ReactiveSwiftMapping(subjects: subjects).stream(for: flow)
    }

    /// The observer a user passes to `start(_:)`: one closure per event kind, ReactiveSwift's fourth event
    /// (`interrupted`, sent for a dispose and to an observer of an already terminated signal) included.
    public func nativeObserver(_ observer: EventObserver) -> Observer {
        Observer(
            value: observer.next, failed: observer.error, completed: observer.completed,
            interrupted: observer.interrupted)
    }

    public func subscribe(_ stream: Stream, with observer: Observer) -> Disposable {
        stream.start(observer)
    }

    /// `Disposable.dispose()` is idempotent and thread-safe (Sources/Disposable.swift, `UnsafeAtomicState`).
    public func dispose(_ subscription: Disposable) {
        subscription.dispose()
    }

    public func makeSubject(_ kind: SubjectKind) throws(UnsupportedFlow) -> ReactiveSwiftSubject {
        switch kind {
        // ReactiveSwift has no subject type: `Signal.pipe()` is its PublishSubject
        // (Documentation/RxCheatsheet.md:35).
        case .publish:
            let (output, input) = Signal<Int, BenchError>.pipe()
            return .pipe(output, input: input)
        // "ReplaySubject: can be created using the `replayLazily(upTo:)` operator" (RxCheatsheet.md:36): a pipe
        // behind `replayLazily`, started once at once so that it caches from creation (replayLazily starts its
        // source on the first start only, Sources/SignalProducer.swift:2756), as a ReplaySubject does. It replays
        // the buffer and then the terminal event to a late subscriber (SignalProducer.swift:2988).
        case .replayLast(let initial):
            return .replaying(capacity: 1, initial: initial)
        case .replay(let bufferSize):
            return .replaying(capacity: max(1, bufferSize), initial: nil)
        // BehaviorSubject is `MutableProperty` (RxCheatsheet.md:23-24): it cannot fail and completes only when
        // released (Sources/Property.swift:780), so its sender declines terminal events.
        case .behavior(let initial):
            return .property(MutableProperty(initial))
        }
    }

    public func sender(for subject: ReactiveSwiftSubject) -> SubjectSender {
        switch subject {
        case .pipe(_, let input), .replay(_, let input, _):
            return SubjectSender(
                next: { input.send(value: $0) }, error: { input.send(error: $0) }, completed: { input.sendCompleted() })
        case .property(let property):
            return SubjectSender(
                next: { property.value = $0 },
                terminalEventsUnsupported: UnsupportedFlow(
                    engine: "reactiveswift",
                    operation:
                        "a terminal event into a behavior subject: MutableProperty (ReactiveSwift's BehaviorSubject) has no error and completes only when released"
                ))
        }
    }
}

/// The subjects a ReactiveSwift user picks; each case holds what keeps the subject alive (a pipe is
/// interrupted once its input observer is released, Sources/Signal.swift `Signal.Core.deinit`).
public enum ReactiveSwiftSubject {
    /// `.publish`: `Signal.pipe()`; the stream is `SignalProducer(output)`.
    case pipe(Signal<Int, BenchError>, input: Signal<Int, BenchError>.Observer)
    /// `.replayLast`, `.replay`: a pipe behind `replayLazily(upTo:)`, and the disposable of the one start
    /// that makes it cache from creation.
    case replay(SignalProducer<Int, BenchError>, input: Signal<Int, BenchError>.Observer, primer: Disposable)
    /// `.behavior`: `MutableProperty`, read through `producer` (which replays the current value).
    case property(MutableProperty<Int>)

    static func replaying(capacity: Int, initial: Int?) -> ReactiveSwiftSubject {
        let (output, input) = Signal<Int, BenchError>.pipe()
        let replayed = SignalProducer(output).replayLazily(upTo: capacity)
        let primer = replayed.start()
        if let initial { input.send(value: initial) }
        return .replay(replayed, input: input, primer: primer)
    }

    var producer: SignalProducer<Int, BenchError> {
        switch self {
        case .pipe(let output, _): SignalProducer(output)
        case .replay(let replayed, _, _): replayed
        case .property(let property): property.producer.promoteError(BenchError.self)
        }
    }
}
