/// The formats of `ripple-gen --dump-scheme --format <format>`.
///
/// The command line reads the format here; the dump itself is RippleSchemeDump's, a module of
/// `ripple-gen` alone, so that the build plugins' tool does not compile it.
package enum SchemeDumpFormat: String, CaseIterable, Hashable, Sendable {
    /// Indented lines, for people.
    case text
    /// Graphviz DOT: one box per class, one edge per node member.
    case dot
    /// JSON, for tools.
    case json
}
