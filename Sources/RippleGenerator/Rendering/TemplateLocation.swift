/// A position in a template's source: 1-based line and column.
///
/// Columns count UTF-8 bytes from the start of the line, as compiler diagnostics do.
package struct TemplateLocation: Sendable, Equatable, CustomStringConvertible {
    package var line: Int
    package var column: Int

    package init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// `line:column`, as used inside messages ("opened at 3:5").
    package var description: String {
        "\(line):\(column)"
    }
}
