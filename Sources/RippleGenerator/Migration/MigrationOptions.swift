/// What one run of `ripple-gen migrate` does: its inputs, the annotations it reads, and
/// whether it writes.
package struct MigrationOptions: Hashable, Sendable {
    /// Swift files, and folders searched recursively for them.
    package var inputs: [String]
    /// The annotation prefix; `sourcery` for Quantwm's annotations, the only ones migrate reads.
    package var annotationPrefix: String
    /// Print a unified diff of the edits instead of writing them.
    package var dryRun: Bool

    package init(inputs: [String], annotationPrefix: String = "sourcery", dryRun: Bool = false) {
        self.inputs = inputs
        self.annotationPrefix = annotationPrefix
        self.dryRun = dryRun
    }
}
