/// A position in a source file, counted the way compilers count it.
///
/// Lines and columns are 1-based. The column counts UTF-8 bytes from the start of the line, so
/// `path:line:column` points at the same place the Swift compiler, SwiftPM and Xcode point at:
///
/// ```swift
/// let file = SourceFile(path: "Model.swift", text: "let é = 1\nvar x = 2")
/// file.location(ofOffset: 11)   // 2:1
/// ```
package struct SourceLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The 1-based line number.
    package var line: Int
    /// The 1-based column, in UTF-8 bytes.
    package var column: Int

    /// Creates a location from a 1-based line and a 1-based byte column.
    package init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    package static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        lhs.line != rhs.line ? lhs.line < rhs.line : lhs.column < rhs.column
    }

    /// `line:column`, as it appears inside a diagnostic.
    package var description: String { "\(line):\(column)" }
}
