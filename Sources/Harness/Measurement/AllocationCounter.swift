import CAllocationCounter

/// Exact counts of the malloc family, from the interposer linked into this executable.
///
/// Counting is process-wide (all threads), so measured code must run with the process otherwise quiet;
/// the harness measures differences between two runs of different sizes, which cancels setup costs.
public enum AllocationCounter {
    /// Whether every allocation of the process passes through the counter. Without it, counts are unknown
    /// and the harness reports none rather than zero.
    public static var isInstalled: Bool { rxbench_allocation_counter_installed() }

    /// False in sanitizer builds (ThreadSanitizer replaces the malloc family itself).
    public static var isCompiledIn: Bool { rxbench_allocation_counter_compiled_in() }

    /// The allocator serving this process: `glibc`, or `jemalloc` when it is linked or preloaded.
    public static var allocatorName: String { String(cString: rxbench_allocator_name()) }

    /// Whether counting works in this process, checked by counting a known burst: `count` escaping
    /// objects must read exactly `count` allocations on this thread. Where malloc is not interposed (a
    /// macOS executable defining malloc, a sanitizer build) this is false and reports say "unavailable".
    public static let isCalibrated: Bool = {
        guard isInstalled else { return false }
        let count = 64
        var keep: [CalibrationObject] = []
        keep.reserveCapacity(count)
        let (_, delta) = AllocationCounter.count(.currentThread) {
            for index in 0..<count { keep.append(CalibrationObject(index)) }
        }
        return delta.allocations == count && keep.count == count
    }()

    /// Whose allocations a measurement counts.
    public enum Scope: Sendable {
        /// Every thread's: what the harness uses, in a process that does nothing else (queues included).
        case process
        /// The calling thread's only: exact even while other threads allocate (parallel tests).
        case currentThread
    }

    /// The requested bytes of the blocks `body` allocates (on any thread) and leaves live, or nil when more
    /// blocks were live than the tracker holds. Requested, not usable, sizes: the allocator's rounding
    /// depends on the heap's history, so usable sizes would not be the same in every run.
    public static func liveBytes(_ body: () -> Void) -> Int? {
        rxbench_live_tracking_begin()
        body()
        let bytes = rxbench_live_tracking_end()
        return bytes < 0 ? nil : Int(bytes)
    }

    /// The calling thread's mallocs per unit of `body(size)`, by the difference method: (the count of `body(2n)` -
    /// the count of `body(n)`) / n, rounded toward zero, after a first `body(n)` that makes what is made lazily
    /// (metadata, caches, buffers), so that setup and teardown cancel. For tests that compare two ways of doing the
    /// same work: a part of a malloc per unit is below what it reads.
    public static func mallocsPerUnit(n: Int, _ body: (Int) -> Void) -> Int {
        body(n)
        let small = count(.currentThread) { body(n) }.delta.allocations
        let large = count(.currentThread) { body(2 * n) }.delta.allocations
        return (large - small) / n
    }

    /// Counts the allocations `body` makes while it runs.
    public static func count<T>(
        _ scope: Scope = .process, _ body: () throws -> T
    ) rethrows -> (result: T, delta: AllocationDelta) {
        let read = scope == .process ? rxbench_allocation_totals_read : rxbench_thread_allocation_totals_read
        rxbench_allocation_counter_enable(true)
        defer { rxbench_allocation_counter_enable(false) }
        let before = read()
        let result = try body()
        let after = read()
        return (result, AllocationDelta(before: before, after: after))
    }
}

/// What happened to the heap between two readings.
public struct AllocationDelta: Sendable, Hashable {
    public var allocations: Int
    public var frees: Int
    public var bytesAllocated: Int
    public var bytesFreed: Int
    /// Bytes asked for by the allocations (requested sizes: the same whatever the heap's history).
    public var bytesRequested: Int

    public init(allocations: Int, frees: Int, bytesAllocated: Int, bytesFreed: Int, bytesRequested: Int = 0) {
        self.allocations = allocations
        self.frees = frees
        self.bytesAllocated = bytesAllocated
        self.bytesFreed = bytesFreed
        self.bytesRequested = bytesRequested
    }

    init(before: rxbench_allocation_totals, after: rxbench_allocation_totals) {
        allocations = Int(after.allocations &- before.allocations)
        frees = Int(after.frees &- before.frees)
        bytesAllocated = Int(after.bytesAllocated &- before.bytesAllocated)
        bytesFreed = Int(after.bytesFreed &- before.bytesFreed)
        bytesRequested = Int(after.bytesRequested &- before.bytesRequested)
    }

    /// Bytes still allocated at the end that were not at the start (usable sizes).
    public var liveBytes: Int { bytesAllocated - bytesFreed }
}

/// One heap object of the start-up calibration.
private final class CalibrationObject {
    let value: Int
    init(_ value: Int) { self.value = value }
}
