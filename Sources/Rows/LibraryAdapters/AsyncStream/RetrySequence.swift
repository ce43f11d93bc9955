import RxBenchCore

/// Iterates `base` again after an error until `attempts` iterations were made (a user's retry loop).
struct RetrySequence: AsyncSequence, Sendable {
    typealias Element = Int
    let base: IntSequence
    let attempts: Int

    func makeAsyncIterator() -> Iterator { Iterator(base: base, current: base.makeAsyncIterator(), left: attempts - 1) }

    struct Iterator: AsyncIteratorProtocol {
        let base: IntSequence
        var current: IntIterator
        var left: Int

        mutating func next() async throws -> Int? {
            while true {
                do { return try await current.next() } catch {
                    guard left > 0, !Task.isCancelled else { throw error }
                    left -= 1
                    current = base.makeAsyncIterator()
                }
            }
        }
    }
}

/// On an error of `base`, continues with the sequence the handler returns for it (a user's do/catch).
struct CatchSequence: AsyncSequence, Sendable {
    typealias Element = Int
    let base: IntSequence
    let handler: @Sendable (BenchError) -> IntSequence

    func makeAsyncIterator() -> Iterator { Iterator(current: base.makeAsyncIterator(), handler: handler) }

    struct Iterator: AsyncIteratorProtocol {
        var current: IntIterator
        var handler: (@Sendable (BenchError) -> IntSequence)?

        mutating func next() async throws -> Int? {
            do { return try await current.next() } catch {
                guard let handler, !Task.isCancelled else { throw error }
                self.handler = nil
                current = handler(error as? BenchError ?? .foreign).makeAsyncIterator()
                return try await current.next()
            }
        }
    }
}
