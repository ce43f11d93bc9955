import RxBenchCore
import RxBenchResults

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Nanoseconds from the monotonic clock (vDSO on Linux: no system call).
@inline(__always)
public func monotonicNanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
}

/// The cost of reading the clock twice back to back (median of many readings): it is part of every
/// latency sample, and reported beside them rather than subtracted.
public func clockReadingOverhead(samples: Int = 10_001) -> Double {
    var gaps: [Double] = []
    gaps.reserveCapacity(samples)
    for _ in 0..<samples {
        let start = monotonicNanoseconds()
        let end = monotonicNanoseconds()
        gaps.append(Double(end &- start))
    }
    return Summary(gaps).median
}
