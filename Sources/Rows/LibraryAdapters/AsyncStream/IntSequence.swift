import Dispatch
import RxBenchCore

/// A cold asynchronous sequence of `Int`, erased: each `makeAsyncIterator()` is a new subscription (the
/// flow is translated once and subscribed many times). Each stage is the library's own concrete type over
/// an `IntSequence` base, so its code is specialised; the erasure costs one indirect `next()` per stage.
public struct IntSequence: AsyncSequence, Sendable {
    public typealias Element = Int
    let make: @Sendable () -> IntIterator
    /// Set by the adapter on the flow's outermost sequence. One word: every stage keeps its base sequence, and
    /// a wider `IntSequence` would add bytes to every stage's context.
    var delivery = Delivery.immediate

    enum Delivery: Sendable {
        /// Before the call that caused them returns (the consuming task prefers `CallerExecutor`).
        case immediate
        /// Later, from a pool thread: the flow uses an operator that iterates its inputs in a task of its own
        /// (merge, combineLatest, zip).
        case fromPool
        /// Later, on this queue: the flow ends in `observeOn(serial queue)`, and the consuming task runs there.
        case onQueue(DispatchQueue)
    }

    var deliversAsynchronously: Bool {
        if case .immediate = delivery { false } else { true }
    }

    var consumerQueue: DispatchQueue? {
        if case .onQueue(let queue) = delivery { queue } else { nil }
    }

    init(_ make: @escaping @Sendable () -> IntIterator) { self.make = make }

    /// Erases `base`, subscribing it anew for each iterator.
    init<Base: AsyncSequence & Sendable>(_ base: Base) where Base.Element == Int {
        make = { IntIterator(base.makeAsyncIterator()) }
    }

    public func makeAsyncIterator() -> IntIterator { make() }

    /// A sequence that fails with `error` when iterated.
    static func failing(_ error: BenchError) -> IntSequence {
        IntSequence { IntIterator(AsyncThrowingStream<Int, Error> { $0.finish(throwing: error) }.makeAsyncIterator()) }
    }
}

public struct IntIterator: AsyncIteratorProtocol {
    var base: any AsyncIteratorProtocol<Int, any Error>

    init<Base: AsyncIteratorProtocol>(_ base: Base) where Base.Element == Int {
        self.base = ThrowingIterator(base)
    }

    public mutating func next() async throws -> Int? {
        try await base.next()
    }
}

/// Gives any iterator of `Int` the `any Error` failure type the erased iterator stores.
private struct ThrowingIterator<Base: AsyncIteratorProtocol>: AsyncIteratorProtocol where Base.Element == Int {
    var base: Base
    init(_ base: Base) { self.base = base }
    mutating func next() async throws -> Int? { try await base.next() }
}

