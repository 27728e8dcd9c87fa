import RippleGenerator

/// Parses `files` (path to source) in path order and builds their scheme.
func buildScheme(
    _ files: [String: String], dialect: any AnnotationDialect = RippleDialect(), accessLevel: AccessLevel? = nil,
    documents: Bool = false
) -> SchemeBuilder.Result {
    let parsed = files.keys.sorted().map { path in SwiftParser.parse(SourceFile(path: path, text: files[path]!)) }
    return SchemeBuilder(dialect: dialect, accessLevel: accessLevel, documents: documents).build(parsed)
}

/// The scheme of one file, `Model.swift`.
func buildScheme(_ source: String, dialect: any AnnotationDialect = RippleDialect()) -> SchemeBuilder.Result {
    buildScheme(["Model.swift": source], dialect: dialect)
}

/// The diagnostics of one file, `Model.swift`, as `ripple-gen` prints them.
func schemeDiagnostics(_ source: String, dialect: any AnnotationDialect = RippleDialect()) -> [String] {
    buildScheme(source, dialect: dialect).diagnostics.map(\.description)
}

/// The diagnostics of several files, as `ripple-gen` prints them.
func schemeDiagnostics(_ files: [String: String]) -> [String] {
    buildScheme(files).diagnostics.map(\.description)
}
