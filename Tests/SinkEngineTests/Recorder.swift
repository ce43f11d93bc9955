import Synchronization
@testable import SinkEngine

/// Records every event a subscription receives, for marble-like assertions.
final class Recorder<Element>: @unchecked Sendable {
    enum Record: Equatable where Element: Equatable {
        case next(Element)
        case error
        case completed
    }

    // Guards `events`: subscriptions may deliver from any thread.
    private let lock = Mutex<[Event<Element>]>([])

    var observer: AnyObserver<Element> {
        AnyObserver { event in self.lock.withLock { $0.append(event) } }
    }

    var events: [Event<Element>] { lock.withLock { $0 } }

    var values: [Element] {
        events.compactMap { if case .next(let value) = $0 { return value } else { return nil } }
    }

    var isCompleted: Bool { events.contains { if case .completed = $0 { return true } else { return false } } }
    var isFailed: Bool { events.contains { if case .error = $0 { return true } else { return false } } }
}

struct TestError: Error, Equatable {}
