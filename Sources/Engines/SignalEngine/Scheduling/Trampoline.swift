#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The current-thread trampoline (not in SwiftSignalKit, which relies on queues; the suite needs it for
/// the feedback loop): work scheduled while the thread is already inside the trampoline is queued and
/// run by the outermost call, so synchronous recursion becomes iteration.
public final class Trampoline: @unchecked Sendable {
    public static let currentThread = Trampoline()

    /// The per-thread queue of pending work. Only its own thread touches it.
    final class Frame {
        var running = false
        var pending: [() -> Void] = []
        var head = 0
    }

    private let key: pthread_key_t

    private init() {
        var key = pthread_key_t()
        #if canImport(Glibc)
        pthread_key_create(&key) { pointer in
            if let pointer { Unmanaged<Frame>.fromOpaque(pointer).release() }
        }
        #else
        pthread_key_create(&key) { pointer in Unmanaged<Frame>.fromOpaque(pointer).release() }
        #endif
        self.key = key
    }

    private func frame() -> Frame {
        if let pointer = pthread_getspecific(key) {
            return Unmanaged<Frame>.fromOpaque(pointer).takeUnretainedValue()
        }
        let frame = Frame()
        pthread_setspecific(key, Unmanaged.passRetained(frame).toOpaque())
        return frame
    }

    /// True while the calling thread is running trampoline work.
    public var isRunning: Bool { frame().running }

    /// Runs `work` now if this thread is not inside the trampoline (then drains what it scheduled),
    /// else queues it behind the work already pending.
    public func schedule(_ work: @escaping () -> Void) {
        let frame = self.frame()
        if frame.running {
            frame.pending.append(work)
            return
        }
        frame.running = true
        work()
        while frame.head < frame.pending.count {
            let next = frame.pending[frame.head]
            frame.head += 1
            if frame.head == frame.pending.count {
                frame.pending.removeAll(keepingCapacity: true)
                frame.head = 0
            }
            next()
        }
        frame.running = false
    }
}
