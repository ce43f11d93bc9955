import RxBenchKit

#if LIBRARY_SOURCES_PRESENT
import ReactiveKitRow
import ReactiveSwiftRow
import RxSwiftRow
import SignalsForkRow
import SwiftSignalKitRow

// The whole rxbench CLI with the real libraries as rows (docs/decisions/real-libraries.md).
RxBench.main(adding: [
    RegisteredEngine(RxSwiftAdapter()), RegisteredEngine(ReactiveSwiftAdapter()),
    RegisteredEngine(SwiftSignalKitRow.SwiftSignalKitAdapter()), RegisteredEngine(SignalsForkRow.SwiftSignalKitAdapter()),
    RegisteredEngine(ReactiveKitAdapter()),
])
#else
import Foundation

FileHandle.standardError.write(
    "rxbench-libraries: library sources not present: run scripts/libraries.sh (README, \"The real libraries beside their models\")\n"
        .data(using: .utf8)!)
exit(69)
#endif
