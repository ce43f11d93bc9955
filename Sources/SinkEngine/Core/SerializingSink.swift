import Synchronization

/// A sink for operators with several inputs (merge, flatMap, combineLatest, zip, takeUntil, ...).
///
/// RxSwift serialises such sinks with a recursive lock held while it forwards downstream. This engine
/// never holds a lock while calling out, so the sink serialises its work instead: the thread that finds
/// the sink idle runs its work at once and then drains whatever other threads (or re-entrant calls on
/// its own thread) queued meanwhile. Operator state is touched only inside that serial section, so it
/// needs no lock of its own; the gate's mutex is held only to flip `busy` and swap the queue.
///
/// In `sink-locked` the gate's lock is RxSwift's recursive lock and it is held, as RxSwift holds it in its
/// merge, switch, combineLatest, zip and takeUntil sinks (`lock.performLocked`, `synchronizedOn`), for the
/// whole of the serial section, calls downstream included: other threads wait on it instead of queueing.
/// A re-entrant call on the delivering thread takes the recursive lock again, finds `busy` and queues its
/// work as in the lean engine (RxSwift would run it nested; the operators here are written for serial
/// sections, and the conformance suite pins the queued order).
open class SerializingSink<Element>: Sink<Element> {
    private struct Gate {
        /// A thread is running work for this sink.
        var busy = false
        /// Work that arrived while busy, in arrival order.
        var pending: [() -> Void] = []
    }

    #if SINK_LOCKED
    // Guards `busy`, `pending` and the operator's state, and is held while the serial section runs and
    // calls downstream: RxSwift does exactly that with its sinks' recursive lock.
    #else
    // Guards `busy` and `pending`; held only to change them, never while running work.
    #endif
    private let lock = SpinLock()
    private var gate = Gate()

    @inline(__always)
    private func withGate<R>(_ body: (inout Gate) -> R) -> R {
        lock.withLock { body(&gate) }
    }

    /// Takes the sink if it is idle. After `true`, run the work, then call `leaveSerialSection()`.
    @inline(__always)
    public final func enterSerialSection() -> Bool {
        #if SINK_LOCKED
        lock.lock()
        if gate.busy {
            lock.unlock()
            return false
        }
        gate.busy = true
        return true  // the lock stays held until `leaveSerialSection()`
        #else
        withGate { gate in
            if gate.busy { return false }
            gate.busy = true
            return true
        }
        #endif
    }

    /// Runs queued work, then releases the sink.
    public final func leaveSerialSection() {
        #if SINK_LOCKED
        // The lock is held (taken by `enterSerialSection` or `runSerialized`); queued work is re-entrant
        // work of this thread, run under the lock as the rest of the section.
        while !gate.pending.isEmpty {
            let batch = gate.pending
            gate.pending = []
            for work in batch { work() }
        }
        gate.busy = false
        lock.unlock()
        #else
        while true {
            let batch: [() -> Void]? = withGate { gate in
                if gate.pending.isEmpty {
                    gate.busy = false
                    return nil
                }
                let batch = gate.pending
                gate.pending = []
                return batch
            }
            guard let batch else { return }
            for work in batch { work() }
        }
        #endif
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

    #if SINK_LOCKED
    /// Runs `body` holding the sink's recursive lock without entering the serial section: for the bookkeeping
    /// RxSwift keeps under the same lock as forwarding (MergeSink's selector and counts). Events `body`
    /// sends go through `serialize` as any other, re-entering the lock.
    @inline(__always)
    final func withSinkLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        try lock.withLock(body)
    }
    #endif

    /// For work that found the sink busy: queues it, or runs it if the sink became idle meanwhile.
    public final func runSerialized(_ work: @escaping () -> Void) {
        #if SINK_LOCKED
        lock.lock()
        if gate.busy {
            gate.pending.append(work)
            lock.unlock()
            return
        }
        gate.busy = true
        work()
        leaveSerialSection()
        #else
        let entered = withGate { gate -> Bool in
            if gate.busy {
                gate.pending.append(work)
                return false
            }
            gate.busy = true
            return true
        }
        if entered {
            work()
            leaveSerialSection()
        }
        #endif
    }
}
