/// Builds the ``ModelSchema`` of a run from its parsed files, and reports every mistake in
/// the annotations.
///
/// It reads the annotations above every declaration, keeps the classes annotated `root` or
/// `node` and their annotated `var` members, resolves node types, shared change keys and
/// dependency paths, and checks everything the generated code relies on. All problems of a
/// run are reported, not only the first; the schema is meaningful only when no error was found.
///
/// ```swift
/// let builder = SchemaBuilder(annotationPrefix: "ripple")
/// let result = builder.build([SwiftParser.parse(SourceFile(path: "Library.swift", text: source))])
/// result.diagnostics.forEach { print($0) }
/// ```
package struct SchemaBuilder: Sendable {
    /// The schema and what was found wrong while building it.
    package struct Result: Sendable {
        package var schema: ModelSchema
        /// Errors, warnings and notes, file by file in the order the files were given, then by
        /// position.
        package var diagnostics: [Diagnostic]

        /// The schema's own problems (not the annotation syntax errors), as values, in the order
        /// they were found.
        package var problems: [FileProblem] = []

        /// Whether any diagnostic is an error.
        package var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
    }

    /// A ``SchemaProblem`` of a file.
    package struct FileProblem: Hashable, Sendable {
        /// The path of the file, as parsed.
        package var file: String
        package var problem: SchemaProblem
    }

    /// The annotation prefix: `ripple` in `// ripple: node`.
    package let annotationPrefix: String
    /// The access level forced on all generated members, if any.
    package let accessLevel: AccessLevel?

    /// Creates a builder.
    ///
    /// - Parameters:
    ///   - annotationPrefix: The word annotations start with: `// <prefix>: node`.
    ///   - accessLevel: An access level for every generated member, instead of each class's own.
    package init(annotationPrefix: String = "ripple", accessLevel: AccessLevel? = nil) {
        self.annotationPrefix = annotationPrefix
        self.accessLevel = accessLevel
    }

    /// Builds the schema of `files`, in the order given (the generator sorts them by path).
    package func build(_ files: [ParsedFile]) -> Result {
        var build = SchemaBuild(parser: AnnotationParser(prefix: annotationPrefix), accessLevel: accessLevel)
        for file in files {
            build.collect(file)
        }
        build.checkRoots()
        let classes = build.buildClasses()
        let imports = build.imports.sorted { ($0.module, $0.line) < ($1.module, $1.line) }.map(\.line)
        let diagnostics = build.diagnostics.sortedForReading(files: files.map(\.file.path))
        return Result(schema: ModelSchema(classes: classes, imports: imports), diagnostics: diagnostics, problems: build.problems)
    }
}
