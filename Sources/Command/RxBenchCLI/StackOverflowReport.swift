#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// In a child process (`rxbench child cell`): a fault at the end of the main thread's stack is reported as a stack
/// overflow, one line on stderr and exit status `exitStatus`, so that the parent records that the row
/// overflowed its stack on the workload (a finding about the row) instead of failing the run. Any other fault
/// keeps its default action.
enum StackOverflowReport {
    static let exitStatus: Int32 = 3
    static let message = "stack overflow"

    /// The main thread's stack as the process limit gives it, read before anything is measured; the signal
    /// handler reads them and may not capture.
    nonisolated(unsafe) private static var stackLow: UInt = 0
    nonisolated(unsafe) private static var stackHigh: UInt = 0
    /// The line the handler writes, made before: a handler may not allocate (the fault may be inside malloc).
    nonisolated(unsafe) private static var line: UnsafeMutableBufferPointer<CChar> = .init(start: nil, count: 0)

    static func install() {
        var limit = rlimit()
        getrlimit(Int32(RLIMIT_STACK.rawValue), &limit)
        var here = 0
        stackHigh = withUnsafeMutablePointer(to: &here) { UInt(bitPattern: $0) }
        // An unlimited stack grows until it meets another mapping: 8 GiB stands for it.
        stackLow = stackHigh &- UInt(min(UInt64(limit.rlim_cur), 1 << 33))
        let text = Array("rxbench: \(message)\n".utf8CString.dropLast())
        line = .allocate(capacity: text.count)
        _ = line.initialize(from: text)
        // The handler runs on a stack of its own: the thread's own has no room left.
        let size = 64 * 1024
        var alternate = stack_t(ss_sp: malloc(size), ss_flags: 0, ss_size: size)
        sigaltstack(&alternate, nil)
        var action = sigaction()
        action.sa_flags = SA_SIGINFO | SA_ONSTACK
        action.__sigaction_handler.sa_sigaction = { number, info, _ in
            let fault = UInt(bitPattern: info?.pointee._sifields._sigfault.si_addr)
            // The guard page and a margin below the stack's end: a frame larger than a page may jump past it.
            if fault &+ (1 << 20) >= StackOverflowReport.stackLow, fault < StackOverflowReport.stackHigh {
                _ = write(2, StackOverflowReport.line.baseAddress, StackOverflowReport.line.count)
                _exit(StackOverflowReport.exitStatus)
            }
            signal(number, SIG_DFL)
            raise(number)
        }
        sigaction(SIGSEGV, &action, nil)
        sigaction(SIGBUS, &action, nil)
    }

    /// For the tests of this report (Tests/CLITests/StackOverflowReportTests.swift): no row of the catalogue
    /// overflows an 8 MiB stack, so the child is told to, through the environment its parent passes on.
    /// `RXBENCH_TEST_CHILD_FAULT=stack` recurses without end; `=null` reads address 0, a fault the report
    /// must leave to its default action.
    static let testFaultVariable = "RXBENCH_TEST_CHILD_FAULT"

    static func faultIfTestAsks() {
        switch getenv(testFaultVariable).map({ String(cString: $0) }) {
        case "stack"?: _ = recurse(1)
        case "null"?: _ = UnsafePointer<Int>(bitPattern: 8).map { $0.pointee }
        default: break
        }
    }

    /// Recursion the optimiser cannot turn into a loop: each frame's tuple is read after the call returns.
    @inline(never)
    private static func recurse(_ depth: Int) -> Int {
        var frame = (depth, depth &+ 1, depth &+ 2, depth &+ 3, depth &+ 4, depth &+ 5, depth &+ 6, depth &+ 7)
        let below = withUnsafeMutablePointer(to: &frame) { pointer in recurse(depth &+ pointer.pointee.1) }
        return below &+ frame.7
    }
}
