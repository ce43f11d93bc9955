import Foundation
import Testing
import Workloads

/// Where the report goes: through a symbolic link or a FIFO rather than over it, keeping a replaced file's
/// mode, under the longest name a file may have, and failing (not exiting 0) when stdout cannot take it.
@Suite("Output files and streams", .timeLimit(.minutes(5)))
struct OutputFileTests {
    /// The smallest run that writes a whole report.
    static let tinyRun = [
        "--engine", "baseline", "--workload", "SingleCreating", "--profile", "quick", "--size", "100",
        "--repetitions", "1", "--warmup", "0", "--format", "csv",
    ]

    struct Ended {
        let status: Int32
        let reason: Process.TerminationReason
        let stdout: String
        let stderr: String
    }

    /// Runs the built rxbench with `stdout`/`stderr` going to the given handles (pipes when nil).
    static func run(_ arguments: [String], stdout: FileHandle? = nil, stderr: FileHandle? = nil) throws -> Ended {
        let outPipe = Pipe()
        let errPipe = Pipe()
        let process = try EndToEndTests.launch(arguments, stdout: stdout ?? outPipe, stderr: stderr ?? errPipe)
        if stdout != nil { try outPipe.fileHandleForWriting.close() }
        if stderr != nil { try errPipe.fileHandleForWriting.close() }
        let out = stdout == nil ? outPipe.fileHandleForReading.readDataToEndOfFile() : Data()
        let err = stderr == nil ? errPipe.fileHandleForReading.readDataToEndOfFile() : Data()
        process.waitUntilExit()
        return Ended(
            status: process.terminationStatus, reason: process.terminationReason,
            stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self))
    }

    func scratch() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rxbench-out-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// A whole CSV report: its header, and a row of the floor.
    func isReport(_ text: String) -> Bool { text.hasPrefix("schema,") && text.contains(",baseline,") }

    @Test("a symbolic link is written through: the link stays, the file it names gets the report")
    func throughSymbolicLink() throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let real = directory.appendingPathComponent("real.csv")
        let link = directory.appendingPathComponent("link.csv")
        try "old".write(to: real, atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "real.csv")
        let ended = try Self.run(Self.tinyRun + ["--output", link.path])
        #expect(ended.status == 0, "\(ended.stderr)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "real.csv", "the link was replaced")
        #expect(isReport(try String(contentsOf: real, encoding: .utf8)))
    }

    @Test("a replaced file keeps its permission bits")
    func keepsMode() throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("report.csv")
        try "old".write(to: file, atomically: false, encoding: .utf8)
        chmod(file.path, 0o640)
        let ended = try Self.run(Self.tinyRun + ["--output", file.path])
        #expect(ended.status == 0, "\(ended.stderr)")
        var status = stat()
        #expect(stat(file.path, &status) == 0)
        #expect(status.st_mode & 0o7777 == 0o640)
        #expect(isReport(try String(contentsOf: file, encoding: .utf8)))
    }

    /// This process's umask, which the child inherits: read from /proc (Linux), else by setting it and putting it
    /// back, which a file made by another test at that instant could see.
    static let umaskNow: mode_t = {
        if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Umask:") }),
            let mask = mode_t(line.dropFirst("Umask:".count).trimmingCharacters(in: .whitespaces), radix: 8)
        {
            return mask
        }
        let mask = umask(0o022)
        umask(mask)
        return mask
    }()

    /// A new report is made as any new file is, 0666 less the umask. Not checkable under a umask that leaves
    /// 0600 from 0666 (the mode a private temporary file has), which then says so instead of passing.
    @Test("a new report gets 0666 less the umask",
          .enabled(if: 0o666 & ~OutputFileTests.umaskNow != 0o600, "the umask leaves 0600: a private file would look the same"))
    func newFileMode() throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("new.csv")
        let ended = try Self.run(Self.tinyRun + ["--output", file.path])
        #expect(ended.status == 0, "\(ended.stderr)")
        var status = stat()
        #expect(stat(file.path, &status) == 0)
        #expect(status.st_mode & 0o7777 == 0o666 & ~Self.umaskNow, "mode \(String(status.st_mode & 0o7777, radix: 8))")
    }

    @Test("a name of the longest length a file may have (255 bytes) is written, and nothing else is left")
    func longestName() throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent(String(repeating: "r", count: 251) + ".csv")
        let ended = try Self.run(Self.tinyRun + ["--output", file.path])
        #expect(ended.status == 0, "\(ended.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == [file.lastPathComponent])
    }

    @Test("a FIFO is written through, not replaced")
    func throughFIFO() throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let fifo = directory.appendingPathComponent("report.fifo")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        let received = ReceivedText()
        let reader = Thread {
            // Opening for reading blocks until rxbench opens it for writing.
            let handle = FileHandle(forReadingAtPath: fifo.path)
            received.set(String(decoding: handle?.readDataToEndOfFile() ?? Data(), as: UTF8.self))
        }
        reader.start()
        let ended = try Self.run(Self.tinyRun + ["--output", fifo.path])
        #expect(ended.status == 0, "\(ended.stderr)")
        for _ in 0..<100 where received.get() == nil { Thread.sleep(forTimeInterval: 0.05) }
        #expect(isReport(received.get() ?? ""))
        var status = stat()
        #expect(lstat(fifo.path, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO, "the FIFO was replaced")
    }

    @Test("a name ending in '/' is refused as a directory, and no file is made")
    func trailingSlash() throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let missing = directory.appendingPathComponent("results").path + "/"
        let ended = try Self.run(Self.tinyRun + ["--output", missing])
        #expect(ended.status == 64)
        #expect(ended.stderr.contains("ends with '/'"), "\(ended.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    @Test("a report stdout cannot take fails the run, naming the reason")
    func stdoutFull() throws {
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"), "this test needs /dev/full")
        let ended = try Self.run(Self.tinyRun, stdout: full)
        #expect(ended.status == 1)
        #expect(ended.stderr.contains("cannot write the report to standard output: \(String(cString: strerror(ENOSPC)))"),
                "\(ended.stderr)")
    }

    @Test("an unwritable stderr loses the progress lines, not the report")
    func stderrFull() throws {
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"), "this test needs /dev/full")
        let ended = try Self.run(Self.tinyRun, stderr: full)
        #expect(ended.reason == .exit && ended.status == 0, "ended by \(ended.reason) \(ended.status)")
        #expect(isReport(ended.stdout))
    }

    @Test("an option given twice is refused, not decided by its last value")
    func repeatedOption() throws {
        let ended = try Self.run(Self.tinyRun + ["--size", "7"])
        #expect(ended.status == 64)
        #expect(ended.stderr == "rxbench: error: --size is given twice; give it once.\n", "\(ended.stderr)")
        let joined = try Self.run(["list", "--engine=sink", "--engine", "signal"])
        #expect(joined.status == 64 && joined.stderr.contains("--engine is given twice"), "\(joined.stderr)")
    }

    @Test("list refuses --output and the report formats instead of ignoring them")
    func listRefusesReportOptions() throws {
        for (extra, said) in [
            (["--format", "json"], "'json' is invalid for '--format"),
            (["--output", "/tmp/rxbench-list-\(UUID().uuidString).csv"], "Unknown option '--output'"),
            (["--format", "csv", "--engine", "sink"], "--format csv prints the workload catalogue"),
        ] {
            let ended = try Self.run(["list"] + extra)
            #expect(ended.status == 64 && ended.stderr.contains(said), "\(extra): \(ended.stderr)")
        }
    }

    /// The flag that was: one line that names the command, before anything runs.
    @Test("--list is answered with the list command")
    func listFlag() throws {
        let ended = try Self.run(["--engine", "sink", "--list"])
        #expect(ended.status == 64 && ended.stdout.isEmpty, "\(ended.stderr)")
        #expect(ended.stderr == "rxbench: error: --list is a command: rxbench list (with --format csv for the workload catalogue)\n",
                "\(ended.stderr)")
    }

    @Test("list --engine lists the rows named, each with what it cannot run")
    func listChosenRows() throws {
        let ended = try Self.run(["list", "--engine", "signal"])
        #expect(ended.status == 0, "\(ended.stderr)")
        let rows = try #require(ended.stdout.components(separatedBy: "\nWorkloads").first)
        #expect(rows.contains("\n  signal ") && !rows.contains("\n  sink "), "only the row named: \(rows)")
    }

    /// What scripts/rxtools findings reads: one line per workload of the catalogue, its summary quoted where it holds
    /// a comma, in catalogue order.
    @Test("list --format csv prints the workload catalogue")
    func listCatalogue() throws {
        let ended = try Self.run(["list", "--format", "csv"])
        #expect(ended.status == 0, "\(ended.stderr)")
        let lines = ended.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "workload,group,shape,summary,default_size")
        #expect(lines.count == Catalogue.all.count + 1)
        let cell = try #require(Catalogue.all.first { $0.id == "CellReuse" })
        #expect(lines.contains("CellReuse,app,creating,\"\(cell.summary)\",\(cell.defaultSize)"), "\(lines.filter { $0.hasPrefix("CellReuse") })")
    }
}

/// Text handed from a reader thread to the test.
final class ReceivedText: @unchecked Sendable {
    // Guards `text`.
    private let lock = NSLock()
    private var text: String?
    func set(_ value: String) { lock.withLock { text = value } }
    func get() -> String? { lock.withLock { text } }
}
