import EngineRegistry
import Foundation
import RxBenchCore
import Testing

/// The rows README.md documents are the rows the registry ships: its rows table (the first table of the
/// file, column `row`) lists every built-in id once, and the real-library rows of
/// `Libraries/`, which are not in this package's registry.
@Suite("README's rows table and the registry")
struct RowListTests {
    /// The last lines of README's table, the rows run from `Libraries/` (their own package, not
    /// `EngineRegistry`): the modelled libraries in one cell, the standalone SwiftSignalKit fork, then ReactiveKit.
    static let libraryPackageRows = [["rxswift", "reactiveswift", "swiftsignalkit"], ["signals-fork"], ["reactivekit"]]

    static let readme = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("README.md")

    @Test("every registered row id is unique")
    func uniqueIDs() {
        let ids = EngineRegistry.builtIn.map(\.descriptor.id)
        #expect(Set(ids).count == ids.count, "duplicated: \(Self.duplicates(ids))")
        #expect(Self.duplicates(EngineRegistry.ids).isEmpty, "duplicated: \(Self.duplicates(EngineRegistry.ids))")
    }

    @Test("README's rows table lists exactly the built-in rows, once each, and the Libraries/ rows")
    func readmeTable() throws {
        let documented = try Self.documentedRows(String(contentsOf: Self.readme, encoding: .utf8))
        let libraryLines = Array(documented.suffix(Self.libraryPackageRows.count))
        #expect(libraryLines == Self.libraryPackageRows, "the Libraries/ rows' lines: \(libraryLines)")
        let builtIn = documented.dropLast(Self.libraryPackageRows.count).map { row in
            #expect(row.count == 1, "one id per line: \(row)")
            return row.joined(separator: ",")
        }
        // As sets: the table groups the rows by role (engines, then variants), the registry by family.
        #expect(builtIn.sorted() == EngineRegistry.builtIn.map(\.descriptor.id).sorted())
        #expect(Self.duplicates(builtIn + Self.libraryPackageRows.flatMap { $0 }).isEmpty)
    }

    @Test("the parser reads the table's first column only, and stops at the table's end")
    func parser() throws {
        let text = """
            # title

            | row | role | what it is |
            |---|---|---|
            | `a` | engine | uses `b` in prose |
            | `c`, `d` | library | two |

            | row | other table |
            |---|---|
            | `e` | x |
            """
        #expect(try Self.documentedRows(text) == [["a"], ["c", "d"]])
    }

    /// The ids of each line of README's first table whose first column is headed `row`: the back-quoted
    /// names of the first cell.
    static func documentedRows(_ text: String) throws -> [[String]] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let header = try #require(lines.firstIndex { $0.hasPrefix("| row |") }, "no rows table in README.md")
        var rows: [[String]] = []
        for line in lines[(header + 2)...] {
            guard line.hasPrefix("|") else { break }
            let cell = line.split(separator: "|", omittingEmptySubsequences: true).first.map(String.init) ?? ""
            let ids = cell.split(separator: "`").enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
            rows.append(ids)
        }
        return rows
    }

    static func duplicates(_ ids: [String]) -> [String] {
        Dictionary(grouping: ids, by: { $0 }).filter { $0.value.count > 1 }.map(\.key).sorted()
    }
}
