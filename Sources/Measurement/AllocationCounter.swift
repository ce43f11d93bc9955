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

    /// jemalloc's own request count, a cross-check of the counter; nil under glibc.
    public static var jemallocRequests: Int64? {
        let requests = rxbench_jemalloc_requests()
        return requests < 0 ? nil : requests
    }

    /// Whose allocations a measurement counts.
    public enum Scope: Sendable {
        /// Every thread's: what the harness uses, in a process that does nothing else (queues included).
        case process
        /// The calling thread's only: exact even while other threads allocate (parallel tests).
        case currentThread
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

    public init(allocations: Int, frees: Int, bytesAllocated: Int, bytesFreed: Int) {
        self.allocations = allocations
        self.frees = frees
        self.bytesAllocated = bytesAllocated
        self.bytesFreed = bytesFreed
    }

    init(before: rxbench_allocation_totals, after: rxbench_allocation_totals) {
        allocations = Int(after.allocations &- before.allocations)
        frees = Int(after.frees &- before.frees)
        bytesAllocated = Int(after.bytesAllocated &- before.bytesAllocated)
        bytesFreed = Int(after.bytesFreed &- before.bytesFreed)
    }

    /// Bytes still allocated at the end that were not at the start (usable sizes).
    public var liveBytes: Int { bytesAllocated - bytesFreed }
}
