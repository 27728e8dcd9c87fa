import RippleGenerator

/// Parses `files` (path to source) in path order and builds their scheme.
func buildScheme(
    _ files: [String: String], prefix: String = "ripple", accessLevel: AccessLevel? = nil
) -> SchemeBuilder.Result {
    let parsed = files.keys.sorted().map { path in SwiftParser.parse(SourceFile(path: path, text: files[path]!)) }
    return SchemeBuilder(annotationPrefix: prefix, accessLevel: accessLevel).build(parsed)
}

/// The scheme of one file, `Model.swift`.
func buildScheme(_ source: String, prefix: String = "ripple") -> SchemeBuilder.Result {
    buildScheme(["Model.swift": source], prefix: prefix)
}

/// The diagnostics of one file, `Model.swift`, as `ripple-gen` prints them.
func schemeDiagnostics(_ source: String, prefix: String = "ripple") -> [String] {
    buildScheme(source, prefix: prefix).diagnostics.map(\.description)
}

/// The diagnostics of several files, as `ripple-gen` prints them.
func schemeDiagnostics(_ files: [String: String]) -> [String] {
    buildScheme(files).diagnostics.map(\.description)
}
