/// An async function as a sequence of its one result: each iterator awaits `answer` once (a new call per
/// subscription, as each `try await request()` is), yields it, then ends.
struct AnswerSequence: AsyncSequence, Sendable {
    typealias Element = Int
    let answer: @Sendable () async throws -> Int

    func makeAsyncIterator() -> Iterator { Iterator(answer: answer) }

    struct Iterator: AsyncIteratorProtocol {
        let answer: @Sendable () async throws -> Int
        var answered = false

        mutating func next() async throws -> Int? {
            if answered { return nil }
            answered = true
            return try await answer()
        }
    }
}
