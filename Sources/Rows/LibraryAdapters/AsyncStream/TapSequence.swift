import RxBenchCore

/// Side effects around a sequence (Swift concurrency has no `handleEvents`): onSubscribe before the base
/// is iterated, the event hooks as events pass, onDispose once when the iteration is released (after a
/// terminal event or when the consuming task is cancelled).
struct TapSequence: AsyncSequence, Sendable {
    typealias Element = Int
    let base: IntSequence
    let hooks: TapHooks

    func makeAsyncIterator() -> Iterator {
        hooks.onSubscribe?()
        return Iterator(base: base.makeAsyncIterator(), hooks: hooks, release: OnRelease(hooks.onDispose))
    }

    struct Iterator: AsyncIteratorProtocol {
        var base: IntIterator
        let hooks: TapHooks
        let release: OnRelease

        mutating func next() async throws -> Int? {
            do {
                guard let value = try await base.next() else {
                    // A cancelled stream ends with nil too: that is a dispose, not a completion.
                    if !Task.isCancelled { hooks.onCompleted?() }
                    return nil
                }
                hooks.onNext?(value)
                return value
            } catch {
                hooks.onError?(error as? BenchError ?? .foreign)
                throw error
            }
        }
    }
}

/// Runs its action when released.
final class OnRelease: Sendable {
    let action: (@Sendable () -> Void)?
    init(_ action: (@Sendable () -> Void)?) { self.action = action }
    deinit { action?() }
}
