import Synchronization
import SubscriberEngine

/// Records the whole event history of one subscription, thread-safely.
final class Recorder<Value: Equatable & Sendable>: @unchecked Sendable {
    enum Event: Equatable, CustomStringConvertible {
        case next(Value)
        case error(String)
        case completed

        var description: String {
            switch self {
            case .next(let value): "next(\(value))"
            case .error(let error): "error(\(error))"
            case .completed: "completed"
            }
        }
    }

    /// Guards the history.
    private let storage = Mutex<[Event]>([])

    var events: [Event] { storage.withLock { $0 } }
    var values: [Value] {
        events.compactMap { if case .next(let value) = $0 { value } else { nil } }
    }

    @discardableResult
    func subscribe(_ signal: RACSignal<Value>) -> Disposable? {
        signal.subscribeNext(
            { [self] value in storage.withLock { $0.append(.next(value)) } },
            error: { [self] error in storage.withLock { $0.append(.error("\(error)")) } },
            completed: { [self] in storage.withLock { $0.append(.completed) } })
    }
}

struct TestError: Error, CustomStringConvertible {
    let code: Int
    var description: String { "E\(code)" }
}

/// Values 0..<count from a `createSignal` block, then completed.
func counting(_ count: Int) -> RACSignal<Int> {
    .createSignal { subscriber in
        for value in 0..<count {
            if subscriber.isDisposed { break }
            subscriber.sendNext(value)
        }
        subscriber.sendCompleted()
        return nil
    }
}
