import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where rxbench's text goes: the report (stdout or `--output`) must arrive whole or the run fails; progress
/// (stderr) is best effort. Both are written with write(2), not FileHandle: FileHandle traps on a write
/// error (an unwritable stderr once ended a run with SIGILL), and print() drops one without a word (a report
/// sent to a full disk through stdout was lost and the run exited 0).
enum OutputStreams {
    /// Writes all of `text` to standard output, or throws naming the system's reason.
    static func writeReport(_ text: String) throws {
        if let reason = writeAll(Array(text.utf8), to: STDOUT_FILENO) {
            throw RunFailure("cannot write the report to standard output: \(reason)")
        }
    }

    /// Writes `text` to standard error. A failure is ignored: there is nowhere left to say it, and progress
    /// lines are not the report.
    static func writeProgress(_ text: String) {
        _ = writeAll(Array(text.utf8), to: STDERR_FILENO)
    }

    /// Writes every byte, retrying short writes and interruptions; nil, or the reason (strerror) it stopped.
    static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> String? {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                return String(cString: strerror(errno))
            }
            offset += written
        }
        return nil
    }
}
