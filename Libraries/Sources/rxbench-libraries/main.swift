import RxBenchKit

#if LIBRARY_SOURCES_PRESENT
import ReactiveSwiftRow
import RxSwiftRow
import SwiftSignalKitRow

// The whole rxbench CLI with the modelled libraries as rows (docs/decisions/real-libraries.md).
RxBench.main(adding: [
    RegisteredEngine(RxSwiftAdapter()), RegisteredEngine(ReactiveSwiftAdapter()),
    RegisteredEngine(SwiftSignalKitAdapter()),
])
#else
import Foundation

FileHandle.standardError.write(
    "rxbench-libraries: library sources not present: run scripts/libraries.sh (README, \"The real libraries beside their models\")\n"
        .data(using: .utf8)!)
exit(69)
#endif
