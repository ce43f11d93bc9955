import RxBenchKit
import SwiftSignalKit

/// SwiftSignalKit, Telegram's library, behind the harness's `EngineAdapter`, written against rxbench's public API
/// only. These sources make two rows: `swiftsignalkit`, Telegram's own files (the copy imsgao/SwiftSignalKit at
/// e2d485b), and `signals-fork`, the same sources compiled against the standalone fork cntrump/Signals at 3143e64
/// (the target SignalsForkRow defines SIGNALS_FORK). docs/decisions/real-libraries.md compares the two copies.
///
/// A `Flow` becomes the free functions a SwiftSignalKit user composes with `|>` (`map`, `filter`, `take`,
/// `mapToSignal`, `then`, `catch`, ...); subscribing is `start(next:error:completed:)`, disposing `dispose()`.
#if SIGNALS_FORK
let signalKitRow = (id: "signals-fork", modelledOn: "SwiftSignalKit, the standalone fork cntrump/Signals 3143e64")
#else
let signalKitRow = (
    id: "swiftsignalkit", modelledOn: "SwiftSignalKit as Telegram ships it (Telegram-iOS's files, imsgao/SwiftSignalKit e2d485b)")
#endif

public struct SwiftSignalKitAdapter: EngineAdapter {
    public typealias Stream = Signal<Int, BenchError>
    public typealias Subscription = Disposable
    public typealias Subject = SwiftSignalKitSubject
    /// `start(next:error:completed:)` takes the three closures as they are: no conversion.
    public typealias Observer = EventObserver

    public init() {}

    public var descriptor: EngineDescriptor {
        EngineDescriptor(
            id: signalKitRow.id, role: .library, modelledOn: signalKitRow.modelledOn, semantics: .swiftSignalKit)
    }

    public func stream(_ flow: Flow, subjects: [SwiftSignalKitSubject]) throws(UnsupportedFlow) -> Stream {
        try SignalKitMapping(subjects: subjects).stream(for: flow)
    }

    public func nativeObserver(_ observer: EventObserver) -> EventObserver { observer }

    public func subscribe(_ stream: Stream, with observer: EventObserver) -> Disposable {
        stream.start(next: observer.next, error: observer.error, completed: observer.completed)
    }

    public func dispose(_ subscription: Disposable) {
        subscription.dispose()
    }

    public func makeSubject(_ kind: SubjectKind) throws(UnsupportedFlow) -> SwiftSignalKitSubject {
        switch kind {
        // Both copies have `ValuePipe` only (ValuePipe.swift:3), no `Pipe`.
        case .publish: return .pipe(ValuePipe())
        // `Promise` replays its latest value (Promise.swift:51); without one it starts empty.
        case .replayLast(let initial?): return .promise(Promise(initial))
        case .replayLast(nil): return .promise(Promise(initializeOnFirstAccess: nil))
        // `ValuePromise` always has a value; ignoreRepeated: false forwards every set (Promise.swift:103).
        case .behavior(let initial): return .valuePromise(ValuePromise(initial, ignoreRepeated: false))
        case .replay:
            throw UnsupportedFlow(
                engine: signalKitRow.id,
                operation: "replay(bufferSize:) subject: SwiftSignalKit has no replay subject")
        }
    }

    public func sender(for subject: SwiftSignalKitSubject) -> SubjectSender {
        switch subject {
        case .pipe(let pipe):
            return SubjectSender(
                next: { pipe.putNext($0) },
                terminalEventsUnsupported: noTerminalEvents("ValuePipe has putNext only (ValuePipe.swift:31)"))
        case .promise(let promise):
            // A Promise is fed a signal (Promise.swift:32); `promise.set(.single(v))` is how a value is set.
            return SubjectSender(
                next: { promise.set(.single($0)) },
                terminalEventsUnsupported: noTerminalEvents(
                    "Promise has set(signal) only and forwards its values only (Promise.swift:32)"))
        case .valuePromise(let promise):
            return SubjectSender(
                next: { promise.set($0) },
                terminalEventsUnsupported: noTerminalEvents("ValuePromise has set(value) only (Promise.swift:103)"))
        }
    }

    private func noTerminalEvents(_ why: String) -> UnsupportedFlow {
        UnsupportedFlow(engine: signalKitRow.id, operation: "a terminal event into a subject: \(why)")
    }
}

/// The subjects a SwiftSignalKit user picks for the suite's flavours. The library's types lock internally
/// (ValuePipe: `Atomic`; Promise and ValuePromise: an inline `pthread_mutex_t` in Telegram's copy, an `SMutexLock`
/// object in the fork), so they are shared across threads.
public enum SwiftSignalKitSubject: @unchecked Sendable {
    /// `.publish`: `ValuePipe`.
    case pipe(ValuePipe<Int>)
    /// `.replayLast(initial:)`: `Promise`.
    case promise(Promise<Int>)
    /// `.behavior(initial:)`: `ValuePromise`.
    case valuePromise(ValuePromise<Int>)

    /// The subject's signal: its error type says it never fails (`NoError` in Telegram's copy, `Never` in the fork)
    /// and is cast to the suite's with `castError` (Signal_Mapping.swift:65), as a user who composes it with
    /// failing signals writes.
    var signal: Signal<Int, BenchError> {
        switch self {
        case .pipe(let pipe): pipe.signal() |> castError(BenchError.self)
        case .promise(let promise): promise.get() |> castError(BenchError.self)
        case .valuePromise(let promise): promise.get() |> castError(BenchError.self)
        }
    }
}
