import ArgumentParser
import Foundation
import RxBenchCLI

// Errors are one line on stderr (`rxbench: error: ...`) and a non-zero exit; help and --version keep
// ArgumentParser's own output.
do {
    var command = try RxBenchCommand.parseAsRoot()
    try command.run()
} catch {
    let code = RxBenchCommand.exitCode(for: error)
    if code == .success { RxBenchCommand.exit(withError: error) }
    let message = RxBenchCommand.message(for: error).split(separator: "\n").first.map(String.init) ?? "failed"
    FileHandle.standardError.write(Data("rxbench: error: \(message)\n".utf8))
    exit(code == .validationFailure ? code.rawValue : 1)
}
