import Synchronization

/// A sink for operators with several inputs (merge, flatMap, combineLatest, zip, takeUntil, ...).
///
/// RxSwift serialises such sinks with a recursive lock held while it forwards downstream. This engine
/// never holds a lock while calling out, so the sink serialises its work instead: the thread that finds
/// the sink idle runs its work at once and then drains whatever other threads (or re-entrant calls on
/// its own thread) queued meanwhile. Operator state is touched only inside that serial section, so it
/// needs no lock of its own; the gate's mutex is held only to flip `busy` and swap the queue.
///
/// `sink-locked` holds RxSwift's recursive lock for the whole serial section instead
/// (Locked/SerializingSink.swift).
open class SerializingSink<Element>: Sink<Element> {
    private struct Gate {
        /// A thread is running work for this sink.
        var busy = false
        /// Work that arrived while busy, in arrival order.
        var pending: [() -> Void] = []
    }

    // Guards `busy` and `pending`; held only to change them, never while running work.
    private let lock = SpinLock()
    private var gate = Gate()

    @inline(__always)
    private func withGate<R>(_ body: (inout Gate) -> R) -> R {
        lock.withLock { body(&gate) }
    }

    /// Takes the sink if it is idle. After `true`, run the work, then call `leaveSerialSection()`.
    @inline(__always)
    public final func enterSerialSection() -> Bool {
        withGate { gate in
            if gate.busy { return false }
            gate.busy = true
            return true
        }
    }

    /// Runs queued work, then releases the sink.
    public final func leaveSerialSection() {
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


    /// For work that found the sink busy: queues it, or runs it if the sink became idle meanwhile.
    public final func runSerialized(_ work: @escaping () -> Void) {
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
    }
}
