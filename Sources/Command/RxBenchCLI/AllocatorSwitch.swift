import Foundation
import Measurement

/// Chooses the allocator at run time: jemalloc is preloaded into a fresh copy of this process. The
/// allocation counter sits in front of whichever allocator serves, so counts stay exact under both.
enum AllocatorSwitch {
    static let candidates = [
        "/usr/lib/x86_64-linux-gnu/libjemalloc.so.2", "/usr/lib/aarch64-linux-gnu/libjemalloc.so.2",
        "/usr/lib/libjemalloc.so.2", "/usr/local/lib/libjemalloc.so.2",
    ]

    static func ensure(_ choice: AllocatorChoice) throws {
        let active = AllocationCounter.allocatorName
        switch choice {
        case .system:
            // Whatever serves (a user's own LD_PRELOAD included) is named in the report's context.
            return
        case .jemalloc:
            guard active != "jemalloc" else { return }
            guard ProcessInfo.processInfo.environment["RXBENCH_ALLOCATOR"] == nil else {
                throw RunFailure("jemalloc was preloaded but is not serving allocations")
            }
            guard let library = candidates.first(where: FileManager.default.fileExists(atPath:)) else {
                throw RunFailure("--allocator jemalloc: libjemalloc.so.2 not found (apt-get install libjemalloc2)")
            }
            try reexec(preloading: library)
        }
    }

    private static func reexec(preloading library: String) throws -> Never {
        setenv("LD_PRELOAD", library, 1)
        setenv("RXBENCH_ALLOCATOR", "jemalloc", 1)
        let arguments = CommandLine.arguments
        var cArguments = arguments.map { strdup($0) } + [nil]
        execv("/proc/self/exe", &cArguments)
        throw RunFailure("cannot restart with jemalloc: \(String(cString: strerror(errno)))")
    }
}
