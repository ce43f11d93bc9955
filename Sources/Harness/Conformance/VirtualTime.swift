import Foundation
import RxBenchCore

/// A virtual clock: integer ticks and a priority queue of `(time, sequence, action)`. Actions scheduled
/// for the same tick run in the order they were scheduled; an action scheduled in the past runs "now".
public final class VirtualTimeScheduler: @unchecked Sendable {
    private struct Item {
        let time: Int
        let sequence: Int
        let action: @Sendable () -> Void
        func precedes(_ other: Item) -> Bool {
            time != other.time ? time < other.time : sequence < other.sequence
        }
    }

    private let lock = NSLock()
    private var heap: [Item] = []
    private var sequence = 0
    private var clock = 0

    public init() {}

    /// The current virtual time.
    public var now: Int { lock.withLock { clock } }

    public func schedule(at time: Int, _ action: @escaping @Sendable () -> Void) {
        lock.withLock {
            sequence += 1
            heap.append(Item(time: time, sequence: sequence, action: action))
            var child = heap.count - 1
            while child > 0 {
                let parent = (child - 1) / 2
                guard heap[child].precedes(heap[parent]) else { break }
                heap.swapAt(child, parent)
                child = parent
            }
        }
    }

    public func schedule(after delay: Int, _ action: @escaping @Sendable () -> Void) {
        schedule(at: now + max(0, delay), action)
    }

    private func pop() -> Item? {
        lock.withLock {
            guard !heap.isEmpty else { return nil }
            heap.swapAt(0, heap.count - 1)
            let item = heap.removeLast()
            var parent = 0
            while true {
                let left = 2 * parent + 1, right = left + 1
                var first = parent
                if left < heap.count, heap[left].precedes(heap[first]) { first = left }
                if right < heap.count, heap[right].precedes(heap[first]) { first = right }
                if first == parent { break }
                heap.swapAt(parent, first)
                parent = first
            }
            clock = max(clock, item.time)
            return item
        }
    }

    /// Runs every action in time order until the queue is empty (actions may schedule more); `settle`, if
    /// given, after each action, while the clock still reads that action's time.
    public func run(settle: (() -> Void)? = nil) {
        while let item = pop() {
            item.action()
            settle?()
        }
    }
}

/// One event of a stream, at a virtual time.
public struct Recorded: Equatable, Sendable, CustomStringConvertible {
    public enum Event: Equatable, Sendable, CustomStringConvertible {
        case next(Int)
        case error(BenchError)
        case completed

        public var isTerminal: Bool { if case .next = self { false } else { true } }
        public var description: String {
            switch self {
            case .next(let value): "next(\(value))"
            case .error(let error): "error(\(error.code))"
            case .completed: "completed"
            }
        }
    }

    public let time: Int
    public let event: Event
    public init(_ time: Int, _ event: Event) { self.time = time; self.event = event }

    public static func next(_ time: Int, _ value: Int) -> Recorded { Recorded(time, .next(value)) }
    public static func error(_ time: Int, _ code: Int) -> Recorded { Recorded(time, .error(BenchError(code))) }
    public static func completed(_ time: Int) -> Recorded { Recorded(time, .completed) }

    public var description: String { "\(event)@\(time)" }
}

/// When a test source was subscribed and when that subscription ended (disposed, or the source's own
/// terminal event); `end == nil` while still subscribed, like RxSwift's `Subscription(200, 1000)`.
public struct SubscriptionInterval: Equatable, Sendable, CustomStringConvertible {
    public let start: Int
    public let end: Int?
    public init(_ start: Int, _ end: Int? = nil) { self.start = start; self.end = end }
    public var description: String { "(\(start), \(end.map(String.init) ?? "∞"))" }
}

/// A thread-safe log of side effects (hooks, factories, resources), in the order they happened.
public final class Journal: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    public init() {}
    public func append(_ line: String) { lock.withLock { lines.append(line) } }
    public var entries: [String] { lock.withLock { lines } }
}

/// A thread-safe counter.
public final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    public init() {}
    @discardableResult public func increment() -> Int { lock.withLock { count += 1; return count } }
    public var value: Int { lock.withLock { count } }
}

/// A mutable box shared with `@Sendable` closures; access is serialised by its lock.
final class LockedBox<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
