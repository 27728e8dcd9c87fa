/// A titled text table whose columns are aligned when printed.
///
/// The first column is left-aligned (names); the others are right-aligned (numbers).
package struct Table {
    package let title: String
    package let headers: [String]
    package private(set) var rows: [[String]] = []
    /// Lines printed under the table: what a row means, how it was measured.
    package var notes: [String] = []

    package init(_ title: String, headers: [String]) {
        self.title = title
        self.headers = headers
    }

    /// Adds a row; missing cells are left empty.
    package mutating func append(_ cells: [String]) {
        rows.append(cells + Array(repeating: "", count: max(0, headers.count - cells.count)))
    }

    /// The table as lines of text.
    package func rendered() -> String {
        let widths = headers.indices.map { column in
            ([headers] + rows).map { $0[column].count }.max() ?? 0
        }
        func line(_ cells: [String]) -> String {
            cells.indices.map { column in
                let padding = String(repeating: " ", count: widths[column] - cells[column].count)
                return column == 0 ? cells[column] + padding : padding + cells[column]
            }
            .joined(separator: "   ")
        }
        let rule = String(repeating: "-", count: widths.reduce(0, +) + 3 * (widths.count - 1))
        var lines = ["", title, rule, line(headers), rule]
        lines += rows.map(line)
        lines.append(rule)
        lines += notes.map { "  " + $0 }
        return lines.joined(separator: "\n")
    }

    /// Prints the table, unless it has no rows (everything filtered out).
    package func print() {
        guard !rows.isEmpty else { return }
        Swift.print(rendered())
    }
}
