import Foundation
import Testing

/// rxbench's child processes (`--isolation process`, `--instructions`) end with it: Ctrl-C kills the
/// children and removes the temporary folder, and a child killed from outside is reported as killed.
@Suite("Interrupting a run with child processes", .serialized, .timeLimit(.minutes(5)))
struct InterruptionTests {
    /// A measurement that runs for minutes in a debug build: long enough to be interrupted.
    static let longIsolatedRun = [
        "--engine", "sink", "--no-floor", "--workload", "MapFilterPumping", "--size", "100000000",
        "--repetitions", "1000", "--warmup", "0", "--isolation", "process", "--format", "csv",
    ]

    static var valgrindPresent: Bool {
        (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").contains {
            FileManager.default.isExecutableFile(atPath: "\($0)/valgrind")
        }
    }

    /// The process ids whose parent is `parent` (from /proc).
    static func children(of parent: Int32) -> [Int32] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap(Int32.init).filter { pid in
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                let end = stat.lastIndex(of: ")")
            else { return false }
            // After "pid (name) ": the state, then the parent's id.
            let fields = stat[stat.index(after: end)...].split(separator: " ")
            return fields.count > 1 && Int32(fields[1]) == parent
        }
    }

    static func alive(_ pid: Int32) -> Bool {
        // A zombie has exited: only a process still running counts.
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let end = stat.lastIndex(of: ")")
        else { return false }
        return !stat[stat.index(after: end)...].hasPrefix(" Z")
    }

    /// Waits up to `seconds` for `condition`.
    static func wait(seconds: Double, until condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return condition()
    }

    struct Started {
        let process: Process
        let stderr: Pipe
        let child: Int32
    }

    /// The arguments a process was started with.
    static func commandLine(_ pid: Int32) -> [String] {
        let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") ?? Data()
        return data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Starts rxbench and waits until it has a child whose arguments include `marker` (the measuring child,
    /// not the processes that read the run's context).
    static func start(_ arguments: [String], childWith marker: String) throws -> Started {
        let stderr = Pipe()
        let process = try EndToEndTests.launch(arguments, stdout: FileHandle.nullDevice, stderr: stderr)
        var child: Int32?
        _ = wait(seconds: 60) {
            child = children(of: process.processIdentifier).first { commandLine($0).contains { $0.contains(marker) } }
            return child != nil
        }
        guard let child else {
            process.terminate()
            process.waitUntilExit()
            throw ChildNeverStarted()
        }
        Thread.sleep(forTimeInterval: 0.3)  // into its measurement, past its start-up
        return Started(process: process, stderr: stderr, child: child)
    }

    struct ChildNeverStarted: Error {}

    /// SIGQUIT among them: left to the Swift runtime, it printed a backtrace of rxbench and the child measured on.
    @Test("Ctrl-C or SIGQUIT with --isolation process kills the child, with one line, and rxbench dies of the signal",
          arguments: [SIGINT, SIGQUIT])
    func interruptIsolated(signal: Int32) throws {
        let started = try Self.start(Self.longIsolatedRun, childWith: "child")
        kill(started.process.processIdentifier, signal)
        let text = started.stderr.readAll()
        started.process.waitUntilExit()
        #expect(started.process.terminationReason == .uncaughtSignal && started.process.terminationStatus == signal,
                "ended by \(started.process.terminationReason) \(started.process.terminationStatus)")
        // After the progress lines, the one line that says what happened; no runtime backtrace ("Program crashed").
        let last = text.split(separator: "\n").last.map(String.init) ?? ""
        #expect(last.hasPrefix("rxbench: interrupted") && last.contains("1 child process(es) killed"), "\(text)")
        #expect(!text.contains("crashed") && !text.contains("Thread 0"), "\(text)")
        #expect(Self.wait(seconds: 10) { !Self.alive(started.child) }, "the child \(started.child) measures on")
    }

    @Test("a child killed from outside is reported as killed by its signal")
    func childKilled() throws {
        let started = try Self.start(Self.longIsolatedRun, childWith: "child")
        kill(started.child, SIGKILL)
        let text = started.stderr.readAll()
        started.process.waitUntilExit()
        #expect(started.process.terminationStatus == 1)
        #expect(text.contains("in a child process: killed by signal \(SIGKILL)"), "\(text)")
    }

    /// SIGKILL gives rxbench no chance to stop its children: each child watches for its parent and ends itself.
    @Test("a child whose parent is killed with SIGKILL ends itself")
    func childOutlivesNoParent() throws {
        let started = try Self.start(Self.longIsolatedRun, childWith: "child")
        kill(started.process.processIdentifier, SIGKILL)
        started.process.waitUntilExit()
        #expect(Self.wait(seconds: 10) { !Self.alive(started.child) }, "the child \(started.child) measures on")
        if Self.alive(started.child) { kill(started.child, SIGKILL) }  // not left to measure on after a failure
    }

    @Test("--time-limit stops a child that runs past it; the report records a finding and the run succeeds")
    func timeLimitStopsTheChild() throws {
        let stdout = Pipe(), stderr = Pipe()
        let process = try EndToEndTests.launch(Self.longIsolatedRun + ["--time-limit", "2"], stdout: stdout, stderr: stderr)
        let started = Date()
        let report = String(decoding: stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let text = stderr.readAll()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(text)")
        #expect(Date().timeIntervalSince(started) < 60, "the limit of 2 s did not stop the child")
        let records = report.split(separator: "\n").filter { $0.contains(",sink,") && $0.contains("MapFilterPumping") }
        #expect(records.count == 1 && records[0].contains(",unsupported,")
                    && records[0].contains("did not finish within 2 s in a process of its own"), "\(report)")
    }

    @Test("Ctrl-C during --instructions kills valgrind and leaves no temporary folder",
          .enabled(if: valgrindPresent, "not checked: valgrind is not on PATH (apt-get install valgrind)"))
    func interruptInstructions() throws {
        let started = try Self.start(["--engine", "sink", "--no-floor", "--workload", "MapFilterPumping", "--instructions"], childWith: "--tool=callgrind")
        let folder = "/tmp/rxbench-callgrind-" + String(format: "%010d", started.process.processIdentifier)
        #expect(FileManager.default.fileExists(atPath: folder), "rxbench's callgrind folder is \(folder)")
        kill(started.process.processIdentifier, SIGINT)
        let text = started.stderr.readAll()
        started.process.waitUntilExit()
        #expect(started.process.terminationReason == .uncaughtSignal && started.process.terminationStatus == SIGINT)
        #expect(text.contains("1 temporary folder(s) removed"), "\(text)")
        #expect(!FileManager.default.fileExists(atPath: folder), "\(folder) was left behind")
        #expect(Self.wait(seconds: 10) { !Self.alive(started.child) }, "valgrind \(started.child) counts on")
    }
}
