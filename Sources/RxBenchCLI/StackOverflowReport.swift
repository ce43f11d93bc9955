#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// In a child process (`--emit-rows`): a fault at the end of the main thread's stack is reported as a stack
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

    static func install() {
        var limit = rlimit()
        getrlimit(Int32(RLIMIT_STACK.rawValue), &limit)
        var here = 0
        stackHigh = withUnsafeMutablePointer(to: &here) { UInt(bitPattern: $0) }
        // An unlimited stack grows until it meets another mapping: 8 GiB stands for it.
        stackLow = stackHigh &- UInt(min(UInt64(limit.rlim_cur), 1 << 33))
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
                let line = "rxbench: \(StackOverflowReport.message)\n"
                line.utf8CString.withUnsafeBufferPointer { _ = write(2, $0.baseAddress, $0.count - 1) }
                _exit(StackOverflowReport.exitStatus)
            }
            signal(number, SIG_DFL)
            raise(number)
        }
        sigaction(SIGSEGV, &action, nil)
        sigaction(SIGBUS, &action, nil)
    }
}
