/// An erased asynchronous sequence of `[Int]`: the running tuple of a `combineLatest` or `zip` of more than
/// four inputs, which a user nests pairwise and collects into an array.
struct ArraySequence: AsyncSequence, Sendable {
    typealias Element = [Int]
    let make: @Sendable () -> any AsyncIteratorProtocol<[Int], any Error>

    init<Base: AsyncSequence & Sendable>(_ base: Base) where Base.Element == [Int] {
        make = { ArrayIterator(base: base.makeAsyncIterator()) }
    }

    func makeAsyncIterator() -> Iterator { Iterator(base: make()) }

    struct Iterator: AsyncIteratorProtocol {
        var base: any AsyncIteratorProtocol<[Int], any Error>
        mutating func next() async throws -> [Int]? { try await base.next() }
    }
}

/// Gives any iterator of `[Int]` the `any Error` failure type the erased iterator stores.
private struct ArrayIterator<Base: AsyncIteratorProtocol>: AsyncIteratorProtocol where Base.Element == [Int] {
    var base: Base
    mutating func next() async throws -> [Int]? { try await base.next() }
}
