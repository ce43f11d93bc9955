import Foundation

/// The engines' live-object counters are process-wide, and Swift Testing runs suites in parallel. Every
/// test that runs a counting engine holds this right (rxbench's suites through the `.engineExclusive`
/// trait, Tests/Support/EngineExclusiveTrait.swift), so that one test's live objects never show up in
/// another's balance.
///
/// Waiting for it suspends; it never blocks a thread. The cooperative pool has as many threads as cores
/// (two here), and the async-stream row delivers from that pool: tests blocked on a lock held those
/// threads while the holder waited for an async-stream run to end, so both waited until their time
/// limits.
package enum EngineExclusivity {
    private struct State {
        var held = false
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    // Guards `state`: whether the right is held and who waits for it, in arrival order. A pthread mutex
    // (NSLock), not `Synchronization.Mutex`: on Linux the kernel hands a contended Mutex to its waiter
    // (a priority-inheriting futex), an edge ThreadSanitizer cannot see, so it reported this state as raced.
    private static let lock = NSLock()
    nonisolated(unsafe) private static var state = State()

    private static func withState<Result>(_ body: (inout State) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&state)
    }

    /// Takes the right, suspending until it is free. Pair with `release()`.
    ///
    /// A checked continuation, not an unsafe one: a waiter is resumed from the thread that releases, and on
    /// Linux ThreadSanitizer does not see the concurrency runtime order an unsafe continuation's resume
    /// before the resumed task reads its context, so it reports a race in `withUnsafeContinuation` (a probe
    /// resuming 20,000 times from other threads reports it in every run). A checked continuation's resume goes
    /// through an atomic ThreadSanitizer sees.
    package static func acquire() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let granted = withState { state in
                if state.held {
                    state.waiters.append(continuation)
                    return false
                }
                state.held = true
                return true
            }
            if granted { continuation.resume() }
        }
    }

    /// Gives the right back, handing it to the first waiter if there is one (it stays held for them).
    package static func release() {
        let next = withState { state -> CheckedContinuation<Void, Never>? in
            guard !state.waiters.isEmpty else {
                state.held = false
                return nil
            }
            return state.waiters.removeFirst()
        }
        next?.resume()
    }
}
