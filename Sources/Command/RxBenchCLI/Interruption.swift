import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Ctrl-C, SIGQUIT, SIGTERM or SIGHUP while rxbench runs child processes (`--isolation process`,
/// `--instructions`) or keeps a temporary folder: the children are killed, the folders removed, and rxbench
/// then dies of the signal it got, as it would have without children (a shell reads 130 after Ctrl-C). Foundation's Process
/// starts each child in a process group of its own, so the terminal's Ctrl-C reaches the parent alone: left
/// to the default action, the parent died and the child measured on, and a 16 MB folder of callgrind's
/// stayed in /tmp. Nothing is written when this happens: a report is only ever written whole, at the end.
enum Interruption {
    /// SIGQUIT among them: left to the Swift runtime, it printed an 80-line backtrace of the parent and the
    /// child measured on.
    static let signals: [Int32] = [SIGINT, SIGQUIT, SIGTERM, SIGHUP]

    private final class Registry: @unchecked Sendable {
        // Guards `children`, `directories`, `interrupted` and `sources`; held only to read or change them,
        // never while a child runs or a folder is removed.
        let lock = NSLock()
        var children: Set<Int32> = []
        var directories: Set<String> = []
        var interrupted = false
        var sources: [DispatchSourceSignal] = []
    }

    private static let registry = Registry()

    /// Starts `child` and runs `body` (which waits for it) with the child killed if rxbench is interrupted
    /// meanwhile.
    static func run<T>(_ child: Process, _ body: () throws -> T) throws -> T {
        installHandlers()
        try child.run()
        let pid = child.processIdentifier
        let alreadyInterrupted = registry.lock.withLock {
            registry.children.insert(pid)
            return registry.interrupted
        }
        // A child started while the handler was stopping the others: it is stopped too.
        if alreadyInterrupted { kill(pid, SIGKILL) }
        defer { _ = registry.lock.withLock { registry.children.remove(pid) } }
        do {
            let result = try body()
            parkIfInterrupted()
            return result
        } catch {
            parkIfInterrupted()
            throw error
        }
    }

    /// A child killed by the handler must not be reported as a failed measurement (exit 1) before the
    /// handler ends rxbench by its signal: the thread that waited for it waits for that instead.
    private static func parkIfInterrupted() {
        guard registry.lock.withLock({ registry.interrupted }) else { return }
        while true { pause() }
    }

    /// Runs `body` with `directory` removed if rxbench is interrupted while it runs.
    static func removingOnInterrupt<T>(_ directory: URL, _ body: () throws -> T) rethrows -> T {
        installHandlers()
        _ = registry.lock.withLock { registry.directories.insert(directory.path) }
        defer { _ = registry.lock.withLock { registry.directories.remove(directory.path) } }
        return try body()
    }

    /// Once per process: the four signals are taken from their default action and handled on a queue,
    /// where killing and removing are allowed (a signal handler itself may call almost nothing).
    private static func installHandlers() {
        registry.lock.withLock {
            guard registry.sources.isEmpty else { return }
            for number in signals {
                signal(number, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
                source.setEventHandler { stop(because: number) }
                source.resume()
                registry.sources.append(source)
            }
        }
    }

    private static func stop(because number: Int32) {
        let (children, directories) = registry.lock.withLock {
            registry.interrupted = true
            return (registry.children, registry.directories)
        }
        // SIGKILL, not the signal received: a child inherits the ignored disposition of the parent's signals.
        for pid in children { kill(pid, SIGKILL) }
        for directory in directories { try? FileManager.default.removeItem(atPath: directory) }
        let name = String(cString: strsignal(number))
        OutputStreams.writeProgress(
            "rxbench: interrupted (\(name)): \(children.count) child process(es) killed, "
                + "\(directories.count) temporary folder(s) removed, no report written\n")
        // Dies of the signal itself. libdispatch delivers it by blocking it in every thread, so it is
        // unblocked in this one and raised here: sent to the process, it would stay pending forever (and
        // wake this handler again).
        signal(number, SIG_DFL)
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, number)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        raise(number)
        _exit(128 + number)  // not reached: the default action of all four signals ends the process
    }

    /// How a child ended, for a message: its exit status, or the signal that killed it.
    static func ending(of process: Process) -> String {
        switch process.terminationReason {
        case .uncaughtSignal:
            "killed by signal \(process.terminationStatus) (\(String(cString: strsignal(process.terminationStatus))))"
        case .exit:
            "exit \(process.terminationStatus)"
        @unknown default:
            "status \(process.terminationStatus)"
        }
    }
}
