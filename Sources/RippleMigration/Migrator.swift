import RippleGenerator

/// Migrates a Quantwm model to Ripple: `ripple-gen migrate`.
///
/// It builds the scheme of the sources in Quantwm's dialect (``QuantwmDialect``), and fixes the
/// problems whose fix is mechanical: it deletes the `// sourcery:inline:` regions, Quantwm's
/// root property and the `registerRoot` call that used it; it makes hidden backing fields
/// internal; it adds `let tracker = Tracker()` (and `import Ripple`) to the classes without one;
/// it replaces a `dependency` that names a read map of `QWModel.root` terms by the paths they
/// read, and deletes the map when nothing else uses it; it makes the `QWNode_S`/`QWRoot_S`
/// markers plain. Then it builds the scheme of the result: what the generator still reports,
/// with what migrate could not do, is left for a person.
///
/// ``run()`` reads the inputs and rewrites the files (see `Migrator+Files.swift`);
/// ``migrate(_:)`` does the same in memory:
///
/// ```swift
/// let result = Migrator.migrate([(path: "Model.swift", bytes: Array(source.utf8))])
/// result.edits.forEach { print($0) }         // Model.swift:12: made '_userID' internal ...
/// result.diagnostics.forEach { print($0) }   // what a person must still do
/// ```
///
/// Running it on its own result changes nothing.
package struct Migrator: Sendable {
    package let options: MigrationOptions

    package init(options: MigrationOptions) {
        self.options = options
    }

    /// What ``migrate(_:)`` made of a set of sources.
    package struct Result: Sendable {
        /// Every source, migrated or not, in the order given.
        package var files: [MigratedFile] = []
        /// What is left for a person, located in the migrated files: what the generator reports on
        /// them, and what migrate could not do. With ``errors``, the syntax errors that stopped it.
        package var diagnostics: [Diagnostic] = []
        /// Problems that keep migrate from making any edit; when there is one, ``files`` are
        /// unchanged.
        package var errors: [Diagnostic] = []

        /// The edits made, file by file.
        package var edits: [MigrationEdit] { files.flatMap(\.edits) }

        /// The files that the edits change.
        package var changedFiles: [MigratedFile] { files.filter(\.isChanged) }

        /// Whether a person must still act: an error, or a diagnostic that is an error.
        package var needsAttention: Bool {
            !errors.isEmpty || diagnostics.contains { $0.severity == .error }
        }
    }

    /// Migrates `sources` in memory; a file is changed only if it needs to be.
    package static func migrate(_ sources: [(path: String, bytes: [UInt8])]) -> Result {
        let parsedFiles = sources.map { SwiftParser.parse(SourceFile(path: $0.path, bytes: $0.bytes)) }
        let built = SchemeBuilder(dialect: QuantwmDialect()).build(parsedFiles)
        // The builder was given this dialect, and gives it back with what it read.
        let dialect = built.dialect as? QuantwmDialect ?? QuantwmDialect()
        let schemeProblems = Dictionary(grouping: built.problems, by: \.file)
        let quantwmProblems = Dictionary(grouping: dialect.problems, by: \.file)

        var files = parsedFiles.map { parsed in
            let path = parsed.file.path
            return FileEditPlan(
                EditableSource(parsed), regions: dialect.regions[path] ?? [],
                problems: schemeProblems[path]?.map(\.problem) ?? [], quantwmProblems: quantwmProblems[path] ?? [],
                parser: dialect.parser)
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

        var result = Result()
        for file in files {
            for location in file.unterminatedRegions {
                result.errors.append(MigrationError.unterminatedRegion.diagnostic(in: file.source.path, at: location))
            }
            let syntaxErrors = file.source.parsed.diagnostics.filter { $0.severity == .error }
            if !file.edits.isEmpty, !syntaxErrors.isEmpty {
                result.diagnostics += syntaxErrors
                result.errors.append(MigrationError.syntaxErrors(file: file.source.path, count: syntaxErrors.count).diagnostic)
            }
        }
        if !result.errors.isEmpty {
            result.files = sources.map { MigratedFile(path: $0.path, original: $0.bytes, migrated: $0.bytes, edits: []) }
            return result
        }

        var ownDiagnostics = DiagnosticCollector()
        for file in files {
            let applied = file.source.applying(file.edits)
            result.files.append(MigratedFile(
                path: file.source.path, original: file.source.bytes, migrated: applied.bytes, edits: applied.applied))
            let migrated = SourceFile(path: file.source.path, bytes: applied.bytes)
            for (message, offset) in file.messages {
                ownDiagnostics.report(message, in: migrated, atOffset: applied.newOffset(offset))
            }
        }
        let remaining = Generator.generate(
            result.files.map { (path: $0.path, bytes: $0.migrated) }, dialect: QuantwmDialect(), templates: nil)
        result.diagnostics = (remaining.diagnostics + ownDiagnostics.diagnostics).sortedForReading(files: sources.map(\.path))
        return result
    }
}
