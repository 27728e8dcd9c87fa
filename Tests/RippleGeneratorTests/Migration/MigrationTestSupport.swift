import RippleGenerator
import RippleMigration

/// Migrates `files` (path to source), in path order.
func migrate(_ files: [String: String]) -> Migrator.Result {
    Migrator.migrate(files.keys.sorted().map { (path: $0, bytes: Array(files[$0]!.utf8)) })
}

/// One file, `Model.swift`, migrated: its new text, the edits as printed, and what is left.
func migrate(_ source: String) -> (text: String, edits: [String], left: [String]) {
    let migration = migrate(["Model.swift": source])
    return (String(decoding: migration.files[0].migrated, as: UTF8.self), migration.edits.map(\.description),
            migration.diagnostics.map(\.description) + migration.errors.map(\.description))
}
