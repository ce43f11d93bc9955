import Synchronization

/// A sink for operators with several inputs (merge, flatMap, combineLatest, zip, takeUntil, ...), as
/// `sink-locked` builds it.
///
/// The gate's lock is RxSwift's recursive lock and it is held, as RxSwift holds it in its merge, switch,
/// combineLatest, zip and takeUntil sinks (`lock.performLocked`, `synchronizedOn`), for the whole of the
/// serial section, calls downstream included: other threads wait on it instead of queueing. A re-entrant call
/// on the delivering thread takes the recursive lock again, finds `busy` and queues its work as the lean sink
/// does (Core/SerializingSink.swift; RxSwift would run it nested; the operators here are written for serial
/// sections, and the conformance suite pins the queued order).
open class SerializingSink<Element>: Sink<Element> {
    private struct Gate {
        /// A thread is running work for this sink.
        var busy = false
        /// Work that arrived while busy, in arrival order.
        var pending: [() -> Void] = []
    }

    // Guards `busy`, `pending` and the operator's state, and is held while the serial section runs and
    // calls downstream: RxSwift does exactly that with its sinks' recursive lock.
    private let lock = SpinLock()
    private var gate = Gate()

    /// Takes the sink if it is idle. After `true`, run the work, then call `leaveSerialSection()`.
    @inline(__always)
    public final func enterSerialSection() -> Bool {
        lock.lock()
        if gate.busy {
            lock.unlock()
            return false
        }
        gate.busy = true
        return true  // the lock stays held until `leaveSerialSection()`
    }

    /// Runs queued work, then releases the sink.
    public final func leaveSerialSection() {
        // The lock is held (taken by `enterSerialSection` or `runSerialized`); queued work is re-entrant
        // work of this thread, run under the lock as the rest of the section.
        while !gate.pending.isEmpty {
            let batch = gate.pending
            gate.pending = []
            for work in batch { work() }
        }
        gate.busy = false
        lock.unlock()
    }

    /// Runs `body(value)` in the serial section: at once if the sink is idle (no allocation), else queued.
    /// `body` should capture only the sink, so that making it allocates nothing.
    @inline(__always)
    public final func serialize<Value>(_ value: Value, _ body: @escaping (Value) -> Void) {
        if enterSerialSection() {
            body(value)
            leaveSerialSection()
        } else {
            runSerialized { body(value) }
        }
    }

    /// Runs `body` holding the sink's recursive lock without entering the serial section: for the bookkeeping
    /// RxSwift keeps under the same lock as forwarding (MergeSink's selector and counts). Events `body`
    /// sends go through `serialize` as any other, re-entering the lock.
    @inline(__always)
    final func withSinkLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        try lock.withLock(body)
    }

    /// For work that found the sink busy: queues it, or runs it if the sink became idle meanwhile.
    public final func runSerialized(_ work: @escaping () -> Void) {
        lock.lock()
        if gate.busy {
            gate.pending.append(work)
            lock.unlock()
            return
        }
        gate.busy = true
        work()
        leaveSerialSection()
    }
}
