import OpenCombineShim
import RxBenchCore

/// OpenCombine 0.14.0 (the Combine API; through `OpenCombineShim` it is Apple's Combine on Apple platforms)
/// behind the harness's `EngineAdapter`, written against rxbench's public API only.
///
/// A `Flow` becomes the publishers a Combine user writes (`map`, `filter`, `flatMap`, `switchToLatest`,
/// `prefix(untilOutputFrom:)`, ...), erased to `AnyPublisher<Int, BenchError>` at each stage as code that
/// builds chains at run time erases them. Subscribing is `sink`, disposing is `cancel()`.
public struct OpenCombineAdapter: EngineAdapter {
    public typealias Stream = AnyPublisher<Int, BenchError>
    public typealias Subscription = AnyCancellable
    public typealias Subject = CombineSubject

    public typealias Observer = SinkClosures<Int, BenchError>

    /// The two closures of a `sink`, made once per run. Generic for how Swift stores them: as `sink` takes them,
    /// so that neither is wrapped when it is handed over (EventObserverOf's header).
    public struct SinkClosures<Output, Failure: Error> {
        let receiveCompletion: (Subscribers.Completion<Failure>) -> Void
        let receiveValue: (Output) -> Void
    }

    public init() {}

    public var descriptor: EngineDescriptor {
        EngineDescriptor(
            id: "opencombine", role: .library, modelledOn: "OpenCombine 0.14.0 (the Combine API)", semantics: .combine)
    }

    public func stream(_ flow: Flow, subjects: [CombineSubject]) throws(UnsupportedFlow) -> Stream {
        try CombineMapping(subjects: subjects).stream(for: flow)
    }

    public func nativeObserver(_ observer: EventObserver) -> Observer {
        let error = observer.error
        let completed = observer.completed
        return Observer(
            receiveCompletion: { completion in
                switch completion {
                case .finished: completed()
                case .failure(let failure): error(failure)
                }
            },
            receiveValue: observer.next)
    }

    public func subscribe(_ stream: Stream, with observer: Observer) -> AnyCancellable {
        stream.sink(receiveCompletion: observer.receiveCompletion, receiveValue: observer.receiveValue)
    }

    public func dispose(_ subscription: AnyCancellable) {
        subscription.cancel()
    }

    public func makeSubject(_ kind: SubjectKind) -> CombineSubject {
        switch kind {
        case .publish: return .passthrough(PassthroughSubject())
        case .replayLast(let initial?): return .current(CurrentValueSubject(initial))
        // Combine has no replay subject: a user keeps an optional current value and drops the `nil`.
        case .replayLast(nil): return .optionalCurrent(CurrentValueSubject(nil))
        // CurrentValueSubject is Combine's BehaviorSubject: after completion a subscriber gets only that.
        case .behavior(let initial): return .current(CurrentValueSubject(initial))
        // Combine has no replay subject with a buffer: the translator declines a flow that reads one.
        case .replay(let bufferSize): return .noReplayBuffer(bufferSize: bufferSize)
        }
    }

    public func sender(for subject: CombineSubject) -> SubjectSender {
        switch subject {
        case .passthrough(let subject):
            return SubjectSender(
                next: { subject.send($0) }, error: { subject.send(completion: .failure($0)) },
                completed: { subject.send(completion: .finished) })
        case .current(let subject):
            return SubjectSender(
                next: { subject.send($0) }, error: { subject.send(completion: .failure($0)) },
                completed: { subject.send(completion: .finished) })
        case .optionalCurrent(let subject):
            return SubjectSender(
                next: { subject.send($0) }, error: { subject.send(completion: .failure($0)) },
                completed: { subject.send(completion: .finished) })
        case .noReplayBuffer:
            return SubjectSender(next: { _ in }, error: { _ in }, completed: {})
        }
    }
}

/// The subjects a Combine user picks for the suite's two flavours.
public enum CombineSubject {
    /// `.publish`: `PassthroughSubject`.
    case passthrough(PassthroughSubject<Int, BenchError>)
    /// `.replayLast(initial:)` with an initial value: `CurrentValueSubject` (a behavior subject).
    case current(CurrentValueSubject<Int, BenchError>)
    /// `.replayLast(initial: nil)`: `CurrentValueSubject<Int?>` starting at `nil`, read through `compactMap`.
    case optionalCurrent(CurrentValueSubject<Int?, BenchError>)
    /// `.replay(bufferSize:)`: no Combine subject replays n values; flows reading it are declined.
    case noReplayBuffer(bufferSize: Int)

    var publisher: AnyPublisher<Int, BenchError> {
        switch self {
        case .passthrough(let subject): subject.eraseToAnyPublisher()
        case .current(let subject): subject.eraseToAnyPublisher()
        case .optionalCurrent(let subject): subject.compactMap { $0 }.eraseToAnyPublisher()
        case .noReplayBuffer: Empty(completeImmediately: false).eraseToAnyPublisher()
        }
    }
}
