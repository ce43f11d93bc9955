import Foundation
import Measurement
import RxBenchCore
import RxBenchResults

/// Reads the run's context from the machine.
enum RunContextProbe {
    static func current(profile: String) -> RunContext {
        RunContext(
            date: ISO8601DateFormatter().string(from: Date()),
            commit: ProcessInfo.processInfo.environment["RXBENCH_COMMIT"]
                ?? checkoutOfExecutable().flatMap { commitOfCheckout($0, binaryBuilt: executableModified()) }
                ?? "unknown",
            swiftVersion: swiftVersion(),
            cpu: cpuModel(),
            cores: ProcessInfo.processInfo.activeProcessorCount,
            allocator: AllocationCounter.allocatorName,
            buildConfiguration: buildConfiguration,
            profile: profile,
            clockOverheadNanoseconds: clockReadingOverhead())
    }

    /// The git checkout the running binary lies in (`swift run` builds into the checkout's .build; Libraries/
    /// and Examples/ into theirs, inside rxbench's), whatever the directory it runs in; nil for a binary
    /// outside any checkout, whose runs then say "unknown" unless RXBENCH_COMMIT names the commit
    /// (scripts/release-build.sh sets it for the binary it builds outside the checkout). Not the source path
    /// compiled in with #filePath: that made the binary, and so the instruction counts, depend on the
    /// folder it was cloned into.
    static func checkoutOfExecutable() -> String? {
        var directory = URL(fileURLWithPath: Callgrind.executablePath()).deletingLastPathComponent()
        while directory.path != "/" {
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent(".git").path) {
                return directory.path
            }
            directory.deleteLastPathComponent()
        }
        return nil
    }

    /// HEAD of `checkout`, with `-dirty` when a tracked file differs from it (a figure measured on changes that
    /// no commit holds says so), and `-stale` when a Swift source or manifest the checkout tracks was modified
    /// after `binaryBuilt`: a binary built before HEAD moved (or before an edit) did not run HEAD's code, and
    /// its figures say so rather than claim the commit. Test files are left out: they are not in the binary.
    static func commitOfCheckout(_ checkout: String, binaryBuilt: Date? = nil) -> String? {
        guard let head = command("git", "-C", checkout, "rev-parse", "--short=12", "HEAD") else { return nil }
        let changes = command("git", "-C", checkout, "status", "--porcelain", "--untracked-files=no")
        var commit = changes.map(\.isEmpty) == false ? head + "-dirty" : head
        if let binaryBuilt, let newest = newestBuiltSource(in: checkout), newest > binaryBuilt {
            commit += "-stale"
        }
        return commit
    }

    /// The latest modification time of the Swift sources and manifests `checkout` tracks, test files left out;
    /// nil when git lists none.
    static func newestBuiltSource(in checkout: String) -> Date? {
        guard let listed = command("git", "-C", checkout, "ls-files", "--", "*.swift", "Package.swift") else {
            return nil
        }
        let root = URL(fileURLWithPath: checkout)
        return listed.split(separator: "\n")
            .filter { !$0.split(separator: "/").contains { $0 == "Tests" } }
            .compactMap { path in
                try? FileManager.default.attributesOfItem(atPath: root.appendingPathComponent(String(path)).path)[
                    .modificationDate] as? Date
            }
            .max()
    }

    /// When the running binary was written (its link step).
    static func executableModified() -> Date? {
        try? FileManager.default.attributesOfItem(atPath: Callgrind.executablePath())[.modificationDate] as? Date
    }

    static var buildConfiguration: String {
        #if DEBUG
            "debug"
        #else
            "release"
        #endif
    }

    /// The compiler that built this binary.
    static func swiftVersion() -> String {
        #if compiler(>=6.4)
            "swift-6.4+"
        #elseif compiler(>=6.3)
            "swift-6.3"
        #elseif compiler(>=6.2)
            "swift-6.2"
        #else
            "swift-6.1"
        #endif
    }

    static func cpuModel() -> String {
        guard let info = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else { return "unknown" }
        for line in info.split(separator: "\n") where line.hasPrefix("model name") {
            if let colon = line.firstIndex(of: ":") {
                return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
        }
        return "unknown"
    }

    static func command(_ arguments: String...) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
