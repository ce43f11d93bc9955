import Dispatch
import RxBenchCore
import SignalEngine

/// Translates `Flow` into `Signal<Int, BenchError>` chains of the signal engine (SwiftSignalKit's
/// design). One recursive translation; no workload-specific code. The same source is compiled once per
/// variant module (see Package.swift); each module names it, and gives its row's id, in its file of Identity/.
public struct SignalEngineAdapter: EngineAdapter {
    public typealias Stream = Signal<Int, BenchError>
    public typealias Subscription = Disposable
    public typealias Subject = SignalSubject
    /// SwiftSignalKit's `start(next:error:completed:)` takes the three closures; they need no conversion.
    public typealias Observer = EventObserver

    public init() {}

    public var descriptor: EngineDescriptor { rowDescriptor }

    public func stream(_ flow: Flow, subjects: [SignalSubject]) throws(UnsupportedFlow) -> Signal<Int, BenchError> {
        try SignalMapping(subjects: subjects).stream(for: flow)
    }

    public func nativeObserver(_ observer: EventObserver) -> EventObserver { observer }

    public func subscribe(_ stream: Signal<Int, BenchError>, with observer: EventObserver) -> Disposable {
        stream.start(next: observer.next, error: observer.error, completed: observer.completed)
    }

    public func dispose(_ subscription: Disposable) {
        subscription.dispose()
    }

    public func makeSubject(_ kind: SubjectKind) -> SignalSubject {
        switch kind {
        case .publish: .pipe(Pipe())
        case .replayLast(let initial): .promise(Promise(initial))
        case .behavior(let initial): .valuePromise(ValuePromise(initial))
        case .replay(let bufferSize): .replayBuffer(ReplayBuffer(bufferSize: max(1, bufferSize)))
        }
    }

    public func sender(for subject: SignalSubject) -> SubjectSender {
        switch subject {
        case .pipe(let pipe):
            SubjectSender(
                next: { pipe.putNext($0) }, error: { pipe.putError($0) }, completed: { pipe.putCompletion() })
        case .promise(let promise):
            SubjectSender(
                next: { promise.putNext($0) }, error: { promise.putError($0) },
                completed: { promise.putCompletion() })
        case .valuePromise(let promise):
            SubjectSender(
                next: { promise.set($0) }, error: { promise.putError($0) },
                completed: { promise.putCompletion() })
        case .replayBuffer(let buffer):
            SubjectSender(
                next: { buffer.putNext($0) }, error: { buffer.putError($0) },
                completed: { buffer.putCompletion() })
        }
    }

    public var liveObjects: Int? { LiveObjects.current }
}

/// The suite's three subject kinds in SwiftSignalKit's vocabulary.
public enum SignalSubject: @unchecked Sendable {
    /// Publish: `Pipe`.
    case pipe(Pipe<Int, BenchError>)
    /// Replay-last: `Promise` (with its optional initial value).
    case promise(Promise<Int, BenchError>)
    /// Behavior: `ValuePromise` (always has a value; after termination, only the terminal event).
    case valuePromise(ValuePromise<Int, BenchError>)
    /// Replay with a buffer of n: `ReplayBuffer` (SwiftSignalKit has none; `Promise` widened to n values).
    case replayBuffer(ReplayBuffer<Int, BenchError>)

    var signal: Signal<Int, BenchError> {
        switch self {
        case .pipe(let pipe): pipe.signal()
        case .promise(let promise): promise.get()
        case .valuePromise(let promise): promise.get()
        case .replayBuffer(let buffer): buffer.get()
        }
    }
}
