#if !SIGNAL_LOCKED
/// What the lean `switchToLatest` knows, and its transitions: each is called with `SwitchState`'s lock
/// held and returns what to do once the lock is released (swift-async-algorithms' shape), so that the
/// operator's rules read in one place and nothing here calls out. The phases are stored flags and an
/// optional, not an enum with payloads: matching and rebuilding such an enum copies the inner's disposable
/// in and out at every transition, which was measured (docs/decisions/state-machines.md).
struct SwitchStateMachine {
    /// The current inner signal's generation, so that a late completion of a replaced inner is told
    /// apart from the current one's.
    private var generation = 0
    /// The current inner has started and not completed.
    private var innerRunning = false
    /// Its disposable, once its `start` returned.
    private var current: Disposable?
    private var outerDone = false
    private var disposed = false

    /// A new inner signal: its generation, and the previous inner to dispose before it starts; nil once
    /// disposed (the new one is not started).
    mutating func switchTo() -> (generation: Int, previous: Disposable?)? {
        if disposed { return nil }
        generation += 1
        innerRunning = true
        let previous = current
        current = nil
        return (generation, previous)
    }

    /// The inner of `generation` returned its disposable: true when it must be disposed at once (replaced
    /// or disposed while it started). Kept only while it runs: one that completed during `start` is done.
    mutating func innerStarted(_ generation: Int, _ disposable: Disposable) -> Bool {
        if disposed || generation != self.generation { return true }
        if innerRunning { current = disposable }
        return false
    }

    /// The inner of `generation` completed: true when that completes the result (the outer is done too).
    mutating func innerCompleted(_ generation: Int) -> Bool {
        guard generation == self.generation, innerRunning else { return false }
        innerRunning = false
        current = nil
        return outerDone && !disposed
    }

    /// The outer signal completed: true when that completes the result (no inner is running).
    mutating func outerCompleted() -> Bool {
        outerDone = true
        return !innerRunning && !disposed
    }

    /// Disposed: the running inner, to dispose; nil when none runs or when disposed already.
    mutating func dispose() -> Disposable? {
        if disposed { return nil }
        disposed = true
        defer { current = nil }
        return current
    }
}
#endif
