import RippleGenerator

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
