import ArgumentParser
import EngineRegistry
import Foundation
import Measurement
import RxBenchCore
import RxBenchResults
import Workloads

/// `rxbench --instructions`: deterministic instruction counts. For each engine, one child process runs
/// under callgrind with collection off except inside `rxbench_measured_region`, and a profile part is
/// dumped when each region ends. The child runs every selected workload once at n and once at 2n, each run
/// after an unmeasured warm-up run of the same size (`Harness.runInMeasuredRegion`); the parent reads the
/// parts in order: (instructions at 2n - at n) / n, the difference method of the malloc counts, so setup and
/// teardown cancel.
///
/// One pair, not an average: the same binary with the same arguments gives the same counts in every
/// process (Swift's hashing seed is fixed for the child), while further pairs in the same process would
/// differ by a few instructions per event, because the allocator's state has moved on. Workloads that deliver on another thread are not exact: the
/// order in which valgrind runs the threads moves their counts slightly (docs/metrics.md).
///
/// valgrind 3.19 cannot read the DWARF that Swift 6.3 writes, so the child runs a copy of this executable
/// with its debug sections stripped (the symbol table, which `--toggle-collect` needs, stays).
enum Callgrind {
    static func valgrindPath() -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/valgrind" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs one child per row of `plan`, each counting that row's measured cells, and returns the rows.
    static func measure(_ plan: MeasurementPlan) throws -> [ResultRow] {
        guard let valgrind = valgrindPath() else { throw RunFailure("valgrind not found on PATH") }
        let engines = plan.engines
        let declined = plan.workloads.filter { !RunPlan.instructions.includes($0) }
        if !declined.isEmpty {
            progress("no instruction figure (latency, delivery on another thread, or a fan-out too wide to count): "
                + declined.map(\.id).joined(separator: ", "))
        }
        let measured = plan.measured
        let workloadsOf = engines.map { engine in
            measured.filter { $0.engine.descriptor.id == engine.descriptor.id }.map(\.workload)
        }
        // Not under $TMPDIR, and the process id padded: the copy's full path (the child's /proc/self/exe) has
        // the same length in every run (see runChild).
        let directory = URL(fileURLWithPath: "/tmp").appendingPathComponent(
            "rxbench-callgrind-" + String(format: "%010d", ProcessInfo.processInfo.processIdentifier))
        // Removed on the way out, and if rxbench is interrupted (its copy of the binary alone is 16 MB).
        return try Interruption.removingOnInterrupt(directory) {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let executable = try strippedCopy(of: executablePath(), in: directory)
            // One child per engine, as many at a time as there are cores: each is single-threaded under
            // valgrind (it serialises the child's threads), and the counts do not depend on the machine's load.
            // Library rows start first: they run the longest (every row of the catalogue on 2 cores: opencombine
            // and async-stream, started last, left one core idle for minutes). Rows are reported in `engines` order.
            let startRank = { (index: Int) in (engines[index].descriptor.role == .library ? 0 : 1, index) }
            let order = engines.indices.sorted { startRank($0) < startRank($1) }
            let results = ChildResults(count: engines.count)
            DispatchQueue.concurrentPerform(iterations: engines.count) { position in
                let index = order[position]
                let engine = engines[index]
                let label = "[\(position + 1)/\(engines.count)] \(engine.descriptor.id)"
                let selected = workloadsOf[index]
                guard !selected.isEmpty else { return progress("\(label): nothing to count") }
                progress("\(label): \(selected.count) workloads under callgrind")
                let start = ContinuousClock.now
                results.set(index) {
                    try runChild(
                        valgrind: valgrind, executable: executable, directory: directory, engine: engine,
                        workloads: selected)
                }
                progress("\(label): done in \((ContinuousClock.now - start).components.seconds) s")
            }
            return try results.rows()
        }
    }

    private static func runChild(
        valgrind: String, executable: String, directory: URL, engine: RegisteredEngine, workloads: [Workload]
    ) throws -> [ResultRow] {
        let output = directory.appendingPathComponent("\(engine.descriptor.id).out")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: valgrind)
        process.arguments = [
            "--tool=callgrind", "--collect-atstart=no", "--toggle-collect=rxbench_measured_region",
            "--dump-after=rxbench_measured_region", "--callgrind-out-file=\(output.path)",
            "./" + URL(fileURLWithPath: executable).lastPathComponent,
            ChildCommand.configuration.commandName!, ChildCommand.Probe.configuration.commandName!,
            "--engine", engine.descriptor.id, "--workload", workloads.map(\.id).joined(separator: ","),
        ]
        // The child's arguments, environment, working directory and executable path have the same sizes in
        // every run: they shape the heap the measured regions start from, and malloc takes more or fewer
        // instructions depending on it (measured under one binary: 3 KB more environment moved 21 of
        // OpenCombine's 75 counts; a longer $TMPDIR and another working directory moved 72 of the 113 of
        // OpenCombine, AsyncStream and the floor). Swift's per-process random hashing seed would change the
        // instructions of every hash lookup.
        process.currentDirectoryURL = directory
        process.environment = ["SWIFT_DETERMINISTIC_HASHING": "1"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        let lines = try Interruption.run(process) {
            let lines = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                .split(separator: "\n").map(String.init)
            process.waitUntilExit()
            return lines
        }
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw RunFailure("\(engine.descriptor.id) failed under callgrind (\(Interruption.ending(of: process)))")
        }
        return try rowsFromParts(lines: lines, output: output, engine: engine, workloads: workloads)
    }

    /// The children's rows in engine order, or the first failure.
    private final class ChildResults: @unchecked Sendable {
        // Guards `slots`; held only to store or read a result, never while a child runs.
        private let lock = NSLock()
        private var slots: [Result<[ResultRow], Error>?]

        init(count: Int) { slots = Array(repeating: nil, count: count) }

        func set(_ index: Int, _ body: () throws -> [ResultRow]) {
            let result = Result { try body() }
            lock.withLock { slots[index] = result }
        }

        func rows() throws -> [ResultRow] {
            try lock.withLock { slots }.flatMap { try $0?.get() ?? [] }
        }
    }

    /// Pairs the child's `region WORKLOAD SIZE` lines with the dumped parts, in order.
    private static func rowsFromParts(
        lines: [String], output: URL, engine: RegisteredEngine, workloads: [Workload]
    ) throws -> [ResultRow] {
        var counts: [String: [Int: [Int]]] = [:]
        var part = 0
        for line in lines {
            let fields = line.split(separator: " ")
            guard fields.count == 3, fields[0] == "region", let size = Int(fields[2]) else { continue }
            part += 1
            let file = URL(fileURLWithPath: "\(output.path).\(part)")
            guard let instructions = totalInstructions(file) else {
                throw RunFailure("callgrind wrote no readable part \(file.path)")
            }
            counts[String(fields[1]), default: [:]][size, default: []].append(instructions)
        }
        var negativeFigures: [String] = []
        let rows = workloads.compactMap { workload -> ResultRow? in
            let size = RunPlan.instructions.size(for: workload)
            guard let bySize = counts[workload.id], let small = bySize[size], let large = bySize[2 * size],
                small.count == large.count, !small.isEmpty
            else { return nil }
            guard let samples = perUnit(small: small, large: large, size: size) else {
                negativeFigures.append("\(workload.id): \(Double(large[0] - small[0]) / Double(size))")
                return nil
            }
            let metric: Metric = workload.shape == .pumping ? .instructionsPerEvent : .instructionsPerLifecycle
            return ResultRow(
                engine: engine.descriptor.id, role: engine.descriptor.role, workload: workload.name,
                group: workload.group, parameters: workload.parameterText, metric: metric, summary: Summary(samples))
        }
        guard negativeFigures.isEmpty else {
            throw RunFailure(
                "\(engine.descriptor.id): fewer instructions at 2n than at n (\(negativeFigures.joined(separator: ", "))): "
                    + "the runs' setups differ by more than their work; raise RunPlan.InstructionSizes.minimumSize")
        }
        return rows
    }

    /// (instructions at 2n − at n) / n for each pair of runs, or nil when any is negative: twice the work
    /// cannot take fewer instructions, so a negative difference means the runs' setups differed by more than
    /// their units, and is an error, never a figure.
    static func perUnit(small: [Int], large: [Int], size: Int) -> [Double]? {
        let samples = zip(small, large).map { Double($1 - $0) / Double(size) }
        return samples.allSatisfy { $0 >= 0 } ? samples : nil
    }

    /// The `totals:` (or `summary:`) line of a callgrind profile: instructions executed.
    static func totalInstructions(_ file: URL) -> Int? {
        guard let text = try? String(contentsOf: file, encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix("totals:") || line.hasPrefix("summary:") {
            if let value = line.split(separator: " ").last.flatMap({ Int($0) }) { return value }
        }
        return nil
    }

    /// A copy of `path` without debug sections, made with binutils' `strip --strip-debug`.
    static func strippedCopy(of path: String, in directory: URL) throws -> String {
        let copy = directory.appendingPathComponent("rxbench-stripped").path
        try FileManager.default.copyItem(atPath: path, toPath: copy)
        let strip = Process()
        strip.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        strip.arguments = ["strip", "--strip-debug", copy]
        try strip.run()
        strip.waitUntilExit()
        guard strip.terminationStatus == 0 else {
            throw RunFailure("'strip --strip-debug' failed (install binutils): valgrind cannot read Swift's debug info")
        }
        return copy
    }

    static func executablePath() -> String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }
}

extension Callgrind {
    /// `rxbench --instructions`: the plan's rows counted, and the report, in which every cell the plan declined
    /// for its row is listed with why (row by row, in the order of the rows).
    static func report(_ plan: MeasurementPlan, format: ReportFormat, emit: (String) throws -> Void) throws {
        let context = RunContextProbe.current(profile: "instructions")
        let rows = try measure(plan)
        let order = Dictionary(uniqueKeysWithValues: plan.engines.enumerated().map { ($1.descriptor.id, $0) })
        let unsupported = plan.unsupported.enumerated().sorted {
            (order[$0.element.engine] ?? 0, $0.offset) < (order[$1.element.engine] ?? 0, $1.offset)
        }.map(\.element)
        try emit(ReportWriter(context: context, rows: rows, unsupported: unsupported).render(format))
    }
}
