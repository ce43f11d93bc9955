@testable import SinkEngine

/// Records every event a subscription receives, for marble-like assertions.
final class Recorder<Element>: @unchecked Sendable {
    enum Record: Equatable where Element: Equatable {
        case next(Element)
        case error
        case completed
    }

    // Guards `recorded`: subscriptions may deliver from any thread. (The engine's lock, because
    // ThreadSanitizer cannot see `Synchronization.Mutex` on Linux.)
    private let lock = SpinLock()
    private var recorded: [Event<Element>] = []

    var observer: AnyObserver<Element> {
        AnyObserver { event in self.lock.withLock { self.recorded.append(event) } }
    }

    var events: [Event<Element>] { lock.withLock { recorded } }

    var values: [Element] {
        events.compactMap { if case .next(let value) = $0 { return value } else { return nil } }
    }

    var isCompleted: Bool { events.contains { if case .completed = $0 { return true } else { return false } } }
    var isFailed: Bool { events.contains { if case .error = $0 { return true } else { return false } } }
}

struct TestError: Error, Equatable {}
