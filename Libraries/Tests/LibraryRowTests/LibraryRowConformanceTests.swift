import RxBenchKit
import Foundation
import Testing

#if LIBRARY_SOURCES_PRESENT
import ReactiveKitRow
import ReactiveSwiftRow
import RxSwiftRow
import SignalsForkRow
import SwiftSignalKitRow

let sourcesPresent = true
#else
let sourcesPresent = false
#endif

/// The marble catalogue on each real library's row. Its whole report (what conforms, what it declines with
/// the reason, what differs with the events it saw) is committed in Expected/<row>.txt, and
/// docs/decisions/real-libraries.md argues each line from the library's source: a new difference, a changed
/// event or a difference that went away fails here. Regenerate a file with
/// `swift run -c release rxbench-libraries conformance --engine <row> > Tests/LibraryRowTests/Expected/<row>.txt`.
@Suite("Library rows: conformance")
struct LibraryRowConformanceTests {
    @Test(
        "the row's conformance report is the committed one",
        .enabled(if: sourcesPresent, "not checked: library sources not present (run scripts/libraries.sh)"),
        arguments: ["rxswift", "reactiveswift", "swiftsignalkit", "signals-fork", "reactivekit"])
    func committedReport(_ id: String) throws {
        let expectedFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Expected/\(id).txt")
        let expected = try String(contentsOf: expectedFile, encoding: .utf8).split(separator: "\n").map(String.init)
        let actual = try #require(Self.report(id)).lines
        #expect(actual.first == expected.first)
        let missing = expected.filter { !actual.contains($0) }
        let new = actual.filter { !expected.contains($0) }
        #expect(missing.isEmpty, "\(id): lines of Expected/\(id).txt the run no longer shows:\n\(missing.joined(separator: "\n"))")
        #expect(new.isEmpty, "\(id): lines the run shows that Expected/\(id).txt does not:\n\(new.joined(separator: "\n"))")
        // The order matters too (the report lists cases in catalogue order); checked once no line is missing
        // or new, so that a failure names lines rather than printing both reports.
        if missing.isEmpty, new.isEmpty {
            let sameOrder = actual == expected
            #expect(sameOrder, "\(id): the report's order differs from Expected/\(id).txt")
        }
    }

    static func report(_ id: String) -> ConformanceReport? {
        #if LIBRARY_SOURCES_PRESENT
        switch id {
        case "rxswift": return conformanceReport(for: RxSwiftAdapter())
        case "reactiveswift": return conformanceReport(for: ReactiveSwiftAdapter())
        case "swiftsignalkit": return conformanceReport(for: SwiftSignalKitRow.SwiftSignalKitAdapter())
        case "signals-fork": return conformanceReport(for: SignalsForkRow.SwiftSignalKitAdapter())
        case "reactivekit": return conformanceReport(for: ReactiveKitAdapter())
        default: return nil
        }
        #else
        return nil
        #endif
    }
}
