/// What ``Migrator/migrate(_:)`` made of a set of sources.
package struct Migration: Sendable {
    /// Every source, migrated or not, in the order given.
    package var files: [MigratedFile] = []
    /// What is left for a person, located in the migrated files: what the generator reports on
    /// them, and what migrate could not do. With ``errors``, the syntax errors that stopped it.
    package var diagnostics: [Diagnostic] = []
    /// Problems that keep migrate from making any edit; when there is one, ``files`` are
    /// unchanged.
    package var errors: [MigrationError] = []

    /// The edits made, file by file.
    package var edits: [MigrationEdit] { files.flatMap(\.edits) }

    /// The files that the edits change.
    package var changedFiles: [MigratedFile] { files.filter(\.isChanged) }

    /// Whether a person must still act: an error, or a diagnostic that is an error.
    package var needsAttention: Bool {
        !errors.isEmpty || diagnostics.contains { $0.severity == .error }
    }
}

/// One source file before and after migrating.
package struct MigratedFile: Hashable, Sendable {
    /// The path, as given.
    package var path: String
    package var original: [UInt8]
    package var migrated: [UInt8]
    /// The edits that made ``migrated`` from ``original``.
    package var edits: [MigrationEdit]

    /// Whether migrating changed the file.
    package var isChanged: Bool { original != migrated }

    /// The change as a unified diff (`--- a/path`, `+++ b/path`, `@@` hunks); empty when unchanged.
    package var diff: String {
        UnifiedDiff(old: original, new: migrated).text(oldName: "a/" + Self.diffPath(path), newName: "b/" + Self.diffPath(path))
    }

    /// The path without a leading `./` or `/`, as diffs name files.
    private static func diffPath(_ path: String) -> String {
        var path = Substring(path)
        while path.hasPrefix("./") { path = path.dropFirst(2) }
        while path.hasPrefix("/") { path = path.dropFirst() }
        return String(path)
    }
}
