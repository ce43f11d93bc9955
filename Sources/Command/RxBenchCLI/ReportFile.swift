import ArgumentParser
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The `--output` file. A regular file (or a new one) is replaced atomically: the report is written to a
/// temporary file in the same directory and renamed over it, so a reader never sees half a report and a
/// failed run leaves the old file as it was. A symbolic link is followed, so the file it points to is
/// replaced and the link stays; a device or a FIFO (/dev/null, a named pipe) is written through, since it
/// cannot be renamed over. A replaced file keeps its permission bits (and its owner, where allowed).
enum ReportFile {
    /// A name that does not grow with the target's: a file name of the longest length the file system allows
    /// still has room for its temporary.
    private static func temporaryName(_ attempt: Int) -> String {
        ".rxbench-\(getpid())-\(attempt).tmp"
    }

    /// The path a write to `path` lands on: symbolic links followed (a dangling one to where it points).
    static func destination(of path: String) -> String {
        var current = path
        for _ in 0..<40 {  // Linux's own limit on links followed in one lookup
            var status = stat()
            guard lstat(current, &status) == 0, status.st_mode & S_IFMT == S_IFLNK,
                let target = try? FileManager.default.destinationOfSymbolicLink(atPath: current)
            else { return current }
            current = target.hasPrefix("/")
                ? target : URL(fileURLWithPath: current).deletingLastPathComponent().appendingPathComponent(target).path
        }
        return current
    }

    /// Refuses, before anything is measured, an output path the report could not be written to: a directory
    /// (or a name ending in '/'), a missing directory, an unwritable file, a directory where no file can be
    /// made. A file is created in the directory and removed again, so the check is the one the write faces.
    static func checkWritable(_ output: String) throws {
        guard !output.isEmpty else {
            throw ValidationError("--output is empty; name a file to write the report to.")
        }
        if output.hasSuffix("/") {
            throw ValidationError("--output '\(shown(output))' ends with '/', so it names a directory; name a file to write the report to.")
        }
        let path = destination(of: output)
        var status = stat()
        if stat(path, &status) == 0 {
            if status.st_mode & S_IFMT == S_IFDIR {
                throw ValidationError("--output '\(shown(output))' is a directory; name a file to write the report to.")
            }
            if access(path, W_OK) != 0 {
                throw ValidationError("--output '\(shown(output))' cannot be written: \(String(cString: strerror(errno))).")
            }
            if status.st_mode & S_IFMT != S_IFREG { return }  // written through, not replaced: no file to make
        }
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) else {
            throw ValidationError("--output '\(shown(output))': directory '\(directory)' does not exist; create it first.")
        }
        guard isDirectory.boolValue else {
            throw ValidationError("--output '\(shown(output))': '\(directory)' is a file, not a directory; name a path in a directory.")
        }
        // The probe below makes a file of a short name: a name longer than the file system takes would fail
        // only at the final rename, after the whole run.
        let name = URL(fileURLWithPath: path).lastPathComponent
        let longestName = pathconf(directory, Int32(_PC_NAME_MAX))
        if longestName > 0, name.utf8.count > longestName {
            throw ValidationError(
                "--output: the file name is \(name.utf8.count) bytes long, and '\(shown(directory))' takes names of at most \(longestName); give a shorter name.")
        }
        let (descriptor, probe) = createTemporary(in: directory, mode: 0o600)
        guard descriptor >= 0 else {
            throw ValidationError("--output '\(shown(output))': cannot create files in '\(directory)': \(String(cString: strerror(errno))).")
        }
        close(descriptor)
        unlink(probe)
    }

    /// Writes `text` as the whole content of `output`, or throws (the old file untouched, no temporary left).
    static func write(_ text: String, to output: String) throws {
        let path = destination(of: output)
        let bytes = Array(text.utf8)
        var existing = stat()
        let exists = stat(path, &existing) == 0
        if exists, existing.st_mode & S_IFMT != S_IFREG {
            let descriptor = open(path, O_WRONLY | O_TRUNC)
            guard descriptor >= 0 else { throw failure(output, String(cString: strerror(errno))) }
            let reason = OutputStreams.writeAll(bytes, to: descriptor)
            let closed = close(descriptor) == 0 ? nil : String(cString: strerror(errno))
            if let problem = reason ?? closed { throw failure(output, problem) }
            return
        }
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        // 0o666 less the umask, as any new file; a replaced file's own bits are set below.
        let (descriptor, temporary) = createTemporary(in: directory, mode: 0o666)
        guard descriptor >= 0 else { throw failure(output, String(cString: strerror(errno))) }
        var problem = OutputStreams.writeAll(bytes, to: descriptor)
        if problem == nil, exists {
            _ = fchown(descriptor, existing.st_uid, existing.st_gid)  // only root may; the bits matter more
            if fchmod(descriptor, existing.st_mode & 0o7777) != 0 { problem = String(cString: strerror(errno)) }
        }
        if close(descriptor) != 0, problem == nil { problem = String(cString: strerror(errno)) }
        if problem == nil, rename(temporary, path) != 0 { problem = String(cString: strerror(errno)) }
        if let problem {
            unlink(temporary)
            throw failure(output, problem)
        }
    }

    private static func failure(_ output: String, _ reason: String) -> RunFailure {
        RunFailure("cannot write \(output): \(reason); no report written.")
    }

    /// A new file of ours in `directory` (O_EXCL: never one that exists), and its path.
    private static func createTemporary(in directory: String, mode: mode_t) -> (Int32, String) {
        for attempt in 0..<100 {
            let path = URL(fileURLWithPath: directory).appendingPathComponent(temporaryName(attempt)).path
            let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL, mode)
            if descriptor >= 0 || errno != EEXIST { return (descriptor, path) }
        }
        return (-1, "")
    }
}
