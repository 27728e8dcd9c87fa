/// Migrates a Quantwm model to Ripple in memory: the edits behind `ripple-gen migrate`.
///
/// It builds the scheme of the sources in the `sourcery` dialect, and fixes the problems whose
/// fix is mechanical: it deletes the `// sourcery:inline:` regions, Quantwm's root property and
/// the `registerRoot` call that used it; it makes hidden backing fields internal; it adds
/// `let tracker = Tracker()` (and `import Ripple`) to the classes without one; it replaces a
/// `dependency` that names a read map of `QWModel.root` terms by the paths they read, and
/// deletes the map when nothing else uses it; it makes the `QWNode_S`/`QWRoot_S` markers plain.
/// Then it builds the scheme of the result: what the generator still reports, with what
/// migrate could not do, is left for a person.
///
/// ```swift
/// let migration = Migrator().migrate([(path: "Model.swift", bytes: Array(source.utf8))])
/// migration.edits.forEach { print($0) }         // Model.swift:12: made '_userID' internal ...
/// migration.diagnostics.forEach { print($0) }   // what a person must still do
/// ```
///
/// Running it on its own result changes nothing.
package struct Migrator: Sendable {
    /// The annotation prefix of the model: `sourcery` for Quantwm's annotations.
    package let annotationPrefix: String

    package init(annotationPrefix: String = "sourcery") {
        self.annotationPrefix = annotationPrefix
    }

    /// Migrates `sources`; a file is changed only if it needs to be.
    package func migrate(_ sources: [(path: String, bytes: [UInt8])]) -> Migration {
        let parser = AnnotationParser(prefix: annotationPrefix)
        let parsedFiles = sources.map { SwiftParser.parse(SourceFile(path: $0.path, bytes: $0.bytes)) }
        let built = SchemeBuilder(annotationPrefix: annotationPrefix).build(parsedFiles)
        let problems = Dictionary(grouping: built.problems, by: \.file)

        var files = parsedFiles.map { parsed in
            SourceMigration(MigrationSource(parsed), problems: problems[parsed.file.path]?.map(\.problem) ?? [], parser: parser)
        }

        // Uses of what was deleted or replaced, in every file.
        let rootProperties = Set(files.flatMap(\.rootProperties))
        for index in files.indices {
            files[index].deleteRootUses(of: rootProperties)
        }
        let mapNames = Set(files.flatMap { $0.translatedMaps.map(\.name) })
        var usedMaps: Set<String> = []
        for file in files {
            let declarations = Set(file.translatedMaps.map(\.nameOffset))
            for index in file.uses(of: mapNames) where !declarations.contains(file.source.tokens[index].range.lowerBound) {
                usedMaps.insert(file.source.text(index))
            }
        }
        for index in files.indices {
            for map in files[index].translatedMaps where !usedMaps.contains(map.name) {
                files[index].deleteReadMap(map)
            }
            files[index].reportUses(ofKeptMaps: usedMaps, declaredAt: Set(files[index].translatedMaps.map(\.nameOffset)))
        }

        var migration = Migration()
        for file in files {
            for location in file.unterminatedRegions {
                migration.errors.append(.unterminatedRegion(file: file.source.path, line: location.line))
            }
            let syntaxErrors = file.source.parsed.diagnostics.filter { $0.severity == .error }
            if !file.edits.isEmpty, !syntaxErrors.isEmpty {
                migration.diagnostics += syntaxErrors
                migration.errors.append(.syntaxErrors(file: file.source.path, count: syntaxErrors.count))
            }
        }
        if !migration.errors.isEmpty {
            migration.files = sources.map { MigratedFile(path: $0.path, original: $0.bytes, migrated: $0.bytes, edits: []) }
            return migration
        }

        var ownDiagnostics: [Diagnostic] = []
        for file in files {
            let result = file.source.applying(file.edits)
            migration.files.append(MigratedFile(
                path: file.source.path, original: file.source.bytes, migrated: result.bytes, edits: result.applied))
            let migrated = SourceFile(path: file.source.path, bytes: result.bytes)
            for (message, offset) in file.messages {
                ownDiagnostics.append(migrated.diagnostic(message.severity, message.text, atOffset: result.newOffset(offset)))
            }
        }
        let remaining = Generator.generate(
            migration.files.map { (path: $0.path, bytes: $0.migrated) }, annotationPrefix: annotationPrefix, templates: nil)
        migration.diagnostics = (remaining.diagnostics + ownDiagnostics).sortedForReading(files: sources.map(\.path))
        return migration
    }
}
