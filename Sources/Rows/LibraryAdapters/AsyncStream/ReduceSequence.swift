import RxBenchCore

/// `try await base.reduce(seed, combine)` as a sequence of its one result (the seed for an empty base).
/// `combine` may throw, as the standard library's `reduce` allows: the throw ends the iteration.
struct ReduceSequence: AsyncSequence, Sendable {
    typealias Element = Int
    let base: IntSequence
    let seed: Int
    let combine: @Sendable (Int, Int) throws -> Int

    func makeAsyncIterator() -> Iterator { Iterator(base: base.makeAsyncIterator(), seed: seed, combine: combine) }

    struct Iterator: AsyncIteratorProtocol {
        var base: IntIterator?
        let seed: Int
        let combine: @Sendable (Int, Int) throws -> Int

        mutating func next() async throws -> Int? {
            guard var iterator = base else { return nil }
            base = nil
            var result = seed
            while let value = try await iterator.next() { result = try combine(result, value) }
            return result
        }
    }
}
