import Foundation
import RippleGenerator

/// Migrating files: the run of `ripple-gen migrate`, which reads the inputs, migrates them in
/// memory, and rewrites the files that changed, or, for a dry run, describes the change as a
/// diff.
///
/// Nothing is written when an input is missing or unreadable, when a file cannot be edited
/// consistently (``MigrationError``), or when a temporary file cannot be made: every changed
/// file is first written next to itself, then all are renamed over the originals. A file
/// without anything to migrate is not touched.
///
/// ```swift
/// let report = Migrator(options: MigrationOptions(inputs: ["Sources/Model"])).run()
/// report.messages.forEach { print($0) }   // what is left for a person
/// report.summary.forEach { print($0) }    // the edits
/// ```
extension Migrator {
    /// Runs the migration.
    package func run() -> MigrationReport {
        var report = MigrationReport()
        let inputs = InputFiles.read(options.inputs)
        guard inputs.errors.isEmpty else {
            report.errors = inputs.errors.map(\.diagnostic)
            return report
        }
        let migration = Self.migrate(inputs.sources)
        report.edits = migration.edits
        report.diagnostics = migration.diagnostics
        report.errors = migration.errors
        guard migration.errors.isEmpty else {
            report.edits = []
            return report
        }
        if options.dryRun {
            report.diff = migration.changedFiles.map(\.diff).joined()
        } else {
            write(migration.changedFiles, &report)
        }
        return report
    }

    /// Writes every file or none.
    private func write(_ files: [MigratedFile], _ report: inout MigrationReport) {
        var prepared: [(temporary: String, path: String)] = []
        do throws(GeneratorError) {
            for file in files {
                prepared.append((try AtomicFile.prepare(Data(file.migrated), for: file.path), file.path))
            }
        } catch {
            for file in prepared { AtomicFile.discard(file.temporary) }
            report.errors.append(error.diagnostic)
            report.edits = []
            return
        }
        for (temporary, path) in prepared {
            do throws(GeneratorError) {
                try AtomicFile.commit(temporary, to: path)
                report.writtenFiles.append(path)
            } catch {
                report.errors.append(error.diagnostic)
            }
        }
    }
}
