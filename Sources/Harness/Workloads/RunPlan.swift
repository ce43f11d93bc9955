import RxBenchCore

/// Which workloads a kind of run measures, and at what size: the one plan that the CLI's profiles, the
/// instruction counts, Benchmarks/ and the checksum tests read. A `Workload` says what it is (its shape, its
/// default size, whether that size scales, how many subscribers a unit reaches); the plan says how much of
/// it each kind of run can afford. Whether a row can run a workload at all is the row's answer, not the
/// plan's (`RegisteredEngine.unsupported`).
public enum RunPlan: String, Sendable, CaseIterable {
    /// CI's timed profile: small sizes, and not the slowest points (see `includes`).
    case quick
    /// The default timed profile: every workload at its default size.
    case standard
    /// Every workload at twice its default size, where the size scales.
    case full
    /// callgrind's exact counts (`rxbench --instructions`): a run at n and one at 2n of each workload, under
    /// valgrind, which runs code about 50 times slower.
    case instructions
    /// package-benchmark's iterations (Benchmarks/): a scalable workload runs 1,000 units per iteration, so
    /// that the scaled columns read per event or per lifecycle.
    case benchmark
    /// The tests' checksum runs (Tests/WorkloadTests/CatalogueChecksumTests.swift): correctness, not speed,
    /// in debug builds.
    case checksum

    /// Whether a run of this kind measures `workload`.
    ///
    /// - quick leaves out sweep points whose size is fixed and large (10^6 and 10^7 events); fan-out to more
    ///   than 1,000 subscribers, the same code paths as 1,000 (a subject's observers are past its inline and
    ///   array storage from about 30), which took three quarters of a quick run of every row, async-stream's
    ///   10,000 tasks alone half of it; and the contention group, whose threads race by design, so its
    ///   allocation counts depend on how they interleave (no exact figure for CI's gate) and its times need
    ///   the standard profile's repetitions.
    /// - instructions counts only what the measured region holds: pumping and creating shapes, on one thread.
    ///   A workload that delivers on a queue runs part of its work on other threads, which the region does not
    ///   count, and the share varies with how valgrind schedules the threads (measured: the same binary gave
    ///   counts 30% to 110% apart), so it gets no figure rather than a wrong one; nor does a fan-out so wide
    ///   that the delivery budget leaves fewer than `InstructionSizes.minimumSize` units (SubjectFanOut with
    ///   10,000 subscribers).
    /// - checksum leaves out the sweeps' largest points (more than 100 live siblings, more than 1,000
    ///   subscribers): they run the same code as the smaller points, with more of it, and in a debug build
    ///   took most of `swift test` (the two 10,000-subscriber points: 14 s each on opencombine). Every run of
    ///   rxbench checks the checksum of what it runs, and CI's quick profile runs those points on every row.
    /// - quick, checksum, instructions and benchmark leave out every workload that runs in a process of its own
    ///   (`Scenario.ownProcess`, the wide fan-in): the last three measure in process, where a row that overflows
    ///   its stack would end the whole run, and on quick a row whose cost grows with the square of the inputs
    ///   holds CI for its whole time limit (signal-locked-dependency on FanIn[inputs=1000]). The standard and
    ///   full profiles run them, each in a child process.
    public func includes(_ workload: Workload) -> Bool {
        switch self {
        case .quick:
            return (workload.scalable || workload.defaultSize <= 100_000) && workload.subscriberCount <= 1_000
                && workload.group != "contention" && workload.make(1).ownProcess == nil
        case .standard, .full:
            return true
        case .benchmark:
            return workload.make(1).ownProcess == nil
        case .instructions:
            return workload.shape != .latency && workload.make(1).queues.isEmpty
                && size(for: workload) >= InstructionSizes.minimumSize && workload.make(1).ownProcess == nil
        case .checksum:
            return !workload.parameters.contains {
                ($0.name == "siblings" && $0.value > 100) || ($0.name == "subscribers" && $0.value > 1_000)
            } && workload.make(1).ownProcess == nil
        }
    }

    /// The size (events, lifecycles or latency samples) a run of this kind gives `workload`; for
    /// instructions, the smaller run's (the larger is twice it).
    public func size(for workload: Workload) -> Int {
        switch self {
        case .quick:
            return workload.scalable ? max(100, workload.defaultSize / 20) : workload.defaultSize
        case .standard:
            return workload.defaultSize
        case .full:
            return workload.scalable ? workload.defaultSize * 2 : workload.defaultSize
        case .instructions:
            return min(InstructionSizes.size, InstructionSizes.deliveryBudget / max(1, workload.make(1).subscribers))
        case .benchmark:
            if workload.shape == .latency { return 1 }
            return workload.scalable && workload.defaultSize >= 1_000 ? 1_000 : workload.defaultSize
        case .checksum:
            if workload.shape == .latency { return 8 }
            let size = min(workload.scalable ? 300 : 1_000, workload.defaultSize)
            return max(2, min(size, ChecksumSizes.deliveryBudget / max(1, workload.make(1).subscribers)))
        }
    }

    /// The instruction counts' sizes.
    public enum InstructionSizes {
        /// Events or lifecycles of the smaller run. 64: the difference of two exact counts needs no large n,
        /// and under valgrind the whole catalogue on every row stays within a few minutes of CI.
        public static let size = 64
        /// At most this many deliveries (events x subscribers) in the smaller run: under valgrind a fan-out
        /// to 10,000 subscribers at 64 events would take minutes, and the difference method needs no more.
        public static let deliveryBudget = 1_024
        /// The fewest units of a smaller run: below it, a run's setup (subscribing thousands of observers)
        /// moves by more between the two runs than the units differ by. Measured at 2 events on SubjectFanOut
        /// with 10,000 subscribers: subscriber-direct read -1,076,713.5 instructions per event, signal a
        /// third of what its figure at 100 subscribers predicts.
        public static let minimumSize = 8
    }

    /// The checksum tests' sizes.
    public enum ChecksumSizes {
        /// At most this many deliveries in a checksum run (at least 2 units): a unit that fans out to many
        /// subscribers gets fewer units.
        public static let deliveryBudget = 20_000
    }
}

extension Workload {
    /// The `subscribers` parameter of a fan-out sweep point, 1 for every other workload.
    var subscriberCount: Int { parameters.first { $0.name == "subscribers" }?.value ?? 1 }
}
