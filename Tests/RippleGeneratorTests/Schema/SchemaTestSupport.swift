import RippleGenerator

/// Parses `files` (path to source) in path order and builds their schema.
func buildSchema(
    _ files: [String: String], prefix: String = "ripple", accessLevel: AccessLevel? = nil
) -> SchemaBuilder.Result {
    let parsed = files.keys.sorted().map { path in SwiftParser.parse(SourceFile(path: path, text: files[path]!)) }
    return SchemaBuilder(annotationPrefix: prefix, accessLevel: accessLevel).build(parsed)
}

/// The schema of one file, `Model.swift`.
func buildSchema(_ source: String, prefix: String = "ripple") -> SchemaBuilder.Result {
    buildSchema(["Model.swift": source], prefix: prefix)
}

/// The diagnostics of one file, `Model.swift`, as `ripple-gen` prints them.
func schemaDiagnostics(_ source: String, prefix: String = "ripple") -> [String] {
    buildSchema(source, prefix: prefix).diagnostics.map(\.description)
}

/// The diagnostics of several files, as `ripple-gen` prints them.
func schemaDiagnostics(_ files: [String: String]) -> [String] {
    buildSchema(files).diagnostics.map(\.description)
}
