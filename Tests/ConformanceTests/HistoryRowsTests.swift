import EngineRegistry
import Foundation
import Testing

/// CI's gate lists the exact figures of rows whose counts depend on what ran before, instead of failing them
/// (scripts/rxtools/compare.py, `HISTORY_DEPENDENT_ROWS`). That set must be the rows whose adapters say so: a row missing
/// from it fails CI at random, a row in it that does not say so has its counts ungated for nothing.
@Suite("The gate's history-dependent rows are the rows that say so")
struct HistoryRowsTests {
    @Test("scripts/rxtools/compare.py's HISTORY_DEPENDENT_ROWS names exactly the built-in rows with allocationCountsDependOnHistory")
    func sameRows() throws {
        let script = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("scripts/rxtools/compare.py")
        let text = try String(contentsOf: script, encoding: .utf8)
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("HISTORY_DEPENDENT_ROWS = {") })
        let listed = Set(line.split(separator: "\"").enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) })
        let saying = Set(EngineRegistry.builtIn.filter { $0.adapter.allocationCountsDependOnHistory != nil }.map(\.descriptor.id))
        #expect(!saying.isEmpty)
        #expect(listed == saying)
    }
}
