/// The annotation language the scheme builder reads: Ripple's own (``RippleDialect``), or
/// another tool's, read as it is written (Quantwm's `// sourcery:` annotations,
/// ``QuantwmDialect``).
///
/// A run chooses its dialect once, by the annotation prefix (see ``AnnotationLanguage``), and
/// the ``SchemeBuilder`` reads every annotation through it. A dialect changes only what
/// differs between languages: how a comment reads as items, what a file holds besides its
/// declarations, and how a class or member annotation of the other tool reads in Ripple's terms.
/// Everything else (which items exist, where they apply, what the scheme means) is Ripple's.
///
/// A dialect may keep what it read (the builder returns it in ``SchemeBuilder/Result/dialect``),
/// and reports its own problems as diagnostics.
package protocol AnnotationDialect: Sendable {
    /// The prefix of the annotation lines and the syntax of their values.
    var parser: AnnotationParser { get }
    /// The item spellings that "did you mean" offers: Ripple's items, and the dialect's own.
    var itemSpellings: [String] { get }
    /// Words that make a file worth parsing though it holds no annotation: a marker protocol
    /// that makes a class tracked, say.
    var fileMarkers: [String] { get }

    /// The annotation line of a `//` comment; `nil` when the comment is none.
    func annotationLine(_ comment: Comment) -> AnnotationParser.Line?

    /// Reads what a file holds besides its declarations, before they are collected.
    mutating func read(_ file: ParsedFile, diagnostics: inout DiagnosticCollector)

    /// The annotation of a type declared in `file`, as the dialect reads it (`annotation` is
    /// what its comments say); the dialect may make one where the comments have none.
    mutating func annotation(
        _ annotation: Annotation?, ofType type: TypeDeclaration, in file: String, diagnostics: inout DiagnosticCollector
    ) -> Annotation?

    /// The annotation of the `var` at `index` in `type.members`, as the dialect reads it; `nil`
    /// to leave the member out (after reporting why).
    mutating func annotation(
        _ annotation: Annotation, ofMemberAt index: Int, in type: TypeDeclaration, file: String,
        diagnostics: inout DiagnosticCollector
    ) -> Annotation?

    /// Whether `line` of `file` holds code that another tool generated, which Ripple's generated
    /// code replaces: its declarations do not clash with Ripple's.
    func isGenerated(line: Int, in file: String) -> Bool
}

extension AnnotationDialect {
    package var itemSpellings: [String] { AnnotationItem.Name.allCases.map(\.rawValue) }

    package var fileMarkers: [String] { [] }

    package func annotationLine(_ comment: Comment) -> AnnotationParser.Line? {
        parser.parse(comment: comment.text, at: comment.location)
    }

    package mutating func read(_ file: ParsedFile, diagnostics: inout DiagnosticCollector) {}

    package mutating func annotation(
        _ annotation: Annotation?, ofType type: TypeDeclaration, in file: String, diagnostics: inout DiagnosticCollector
    ) -> Annotation? {
        annotation
    }

    package mutating func annotation(
        _ annotation: Annotation, ofMemberAt index: Int, in type: TypeDeclaration, file: String,
        diagnostics: inout DiagnosticCollector
    ) -> Annotation? {
        annotation
    }

    package func isGenerated(line: Int, in file: String) -> Bool { false }
}

/// Ripple's annotation language, under any prefix: `// ripple: node`, or `// model: node` with
/// the prefix `model`.
package struct RippleDialect: AnnotationDialect {
    package let parser: AnnotationParser

    package init(prefix: String = "ripple") {
        parser = AnnotationParser(prefix: prefix)
    }
}
