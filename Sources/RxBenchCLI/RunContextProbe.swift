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
                ?? checkoutOfExecutable().flatMap(commitOfCheckout)
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

    /// HEAD of `checkout`, with `-dirty` when a tracked file differs from it: a figure measured on changes
    /// that no commit holds says so.
    static func commitOfCheckout(_ checkout: String) -> String? {
        guard let head = command("git", "-C", checkout, "rev-parse", "--short=12", "HEAD") else { return nil }
        let changes = command("git", "-C", checkout, "status", "--porcelain", "--untracked-files=no")
        return changes.map(\.isEmpty) == false ? head + "-dirty" : head
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
