import Dispatch
import RxBenchCore
import SignalEngine

/// Translates `Flow` into `Signal<Int, BenchError>` chains of the signal engine (SwiftSignalKit's
/// design). One recursive translation; no workload-specific code.
public struct SignalAdapter: EngineAdapter {
    public typealias Stream = Signal<Int, BenchError>
    public typealias Subscription = Disposable
    public typealias Subject = SignalSubject

    public init() {}

    public var descriptor: EngineDescriptor {
        EngineDescriptor(id: "signal", role: .engine, modelledOn: "Telegram SwiftSignalKit closure signals")
    }

    public func stream(_ flow: Flow, subjects: [SignalSubject]) throws(UnsupportedFlow) -> Signal<Int, BenchError> {
        Translation(subjects: subjects).signal(flow, state: nil)
    }

    public func subscribe(_ stream: Signal<Int, BenchError>, _ observer: EventObserver) -> Disposable {
        stream.start(next: observer.next, error: observer.error, completed: observer.completed)
    }

    public func dispose(_ subscription: Disposable) {
        subscription.dispose()
    }

    public func makeSubject(_ kind: SubjectKind) -> SignalSubject {
        switch kind {
        case .publish: .pipe(Pipe())
        case .replayLast(let initial): .promise(Promise(initial))
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
        }
    }

    public var liveObjects: Int? {
        #if DEBUG
        LiveObjects.count
        #else
        nil
        #endif
    }
}

/// The suite's two subject kinds in SwiftSignalKit's vocabulary.
public enum SignalSubject: @unchecked Sendable {
    /// Publish: `Pipe`.
    case pipe(Pipe<Int, BenchError>)
    /// Replay-last: `Promise` (with its optional initial value).
    case promise(Promise<Int, BenchError>)

    var signal: Signal<Int, BenchError> {
        switch self {
        case .pipe(let pipe): pipe.signal()
        case .promise(let promise): promise.get()
        }
    }
}
