import RippleGenerator

/// What a run of `ripple-gen migrate` did and what it left for a person.
package struct MigrationReport: Sendable {
    /// The edits made (or, for a dry run, that would be made), file by file.
    package var edits: [MigrationEdit] = []
    /// What is left for a person, on the lines of the migrated files.
    package var diagnostics: [Diagnostic] = []
    /// Problems that stopped the run; then nothing was written.
    package var errors: [Diagnostic] = []
    /// The unified diff of a dry run.
    package var diff: String?
    /// The files rewritten.
    package var writtenFiles: [String] = []

    /// The exit status of `ripple-gen migrate`: 1 when something needs a person, else 0.
    package var exitStatus: Int32 {
        !errors.isEmpty || diagnostics.contains { $0.severity == .error } ? 1 : 0
    }

    /// What the command prints on standard output: one line per edit, then a summary.
    package var summary: [String] {
        guard errors.isEmpty else { return [] }
        let files = Set(edits.map(\.file)).count
        let verb = diff == nil ? "made" : "would make"
        let count = "\(edits.count) \(edits.count == 1 ? "edit" : "edits") in \(files) \(files == 1 ? "file" : "files")"
        let remaining = diagnostics.filter { $0.severity == .error }.count
        let left = remaining == 0 ? "nothing left to do by hand"
            : "\(remaining) \(remaining == 1 ? "error needs" : "errors need") a person (above, on standard error)"
        return edits.map(\.description) + ["migrate: \(verb) \(edits.isEmpty ? "no edits" : count); \(left)"]
    }

    /// What the command prints on standard error: the problems, then what is left for a person.
    package var messages: [String] {
        let stopped = errors.isEmpty ? [] : errors.map(\.description) + ["migrate: nothing was written"]
        return diagnostics.map(\.description) + stopped
    }
}
