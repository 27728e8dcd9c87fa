import RippleGenerator

/// What one run of `ripple-gen migrate` does: its inputs, and whether it writes.
///
/// `ripple-gen` builds it from the arguments after `migrate` with ``parse(arguments:)``; tests
/// can build it directly.
package struct MigrationOptions: Hashable, Sendable {
    /// Swift files, and folders searched recursively for them.
    package var inputs: [String]
    /// Print a unified diff of the edits instead of writing them.
    package var dryRun: Bool

    package init(inputs: [String], dryRun: Bool = false) {
        self.inputs = inputs
        self.dryRun = dryRun
    }
}

// MARK: - Command line

extension MigrationOptions {
    /// What a `ripple-gen migrate` command line asks for.
    package enum Command: Hashable, Sendable {
        case help
        case migrate(MigrationOptions)
    }

    /// The text `ripple-gen migrate --help` prints, and `ripple-gen --help` after the
    /// generator's.
    package static let usage = """
        MIGRATE: ripple-gen migrate --annotation-prefix sourcery [--dry-run] <input>...

          Rewrites a Quantwm model in place so that Ripple can generate its code: deletes
          the 'sourcery:inline' regions and Quantwm's root property (and its registerRoot
          call), makes fileprivate/private backing fields internal, adds
          'let tracker = Tracker()' (and 'import Ripple') to each root and node class,
          replaces a dependency on a 'QWModel.root..._Read' map by the paths it reads, and
          makes the QWNode_S/QWRoot_S markers plain protocols. Prints one line per edit
          (path:line); what it cannot do is left as diagnostics, on the lines of the
          migrated files (with --dry-run: of the files as they would be).
          A file with nothing to migrate is not touched; nothing at all is written when an
          input cannot be read or a file cannot be edited consistently.

          --annotation-prefix sourcery
                                    Required: migrate reads Quantwm's annotations.
          --dry-run                 Print the edits as a unified diff instead of writing them.
          -h, --help                Print this help.

          The exit status is 0 when nothing is left for a person, 1 when something is, 2 for
          a wrong command line.
        """

    /// The options `migrate` takes.
    private static let options = ["--annotation-prefix", "--dry-run", "--help"]

    /// Reads the arguments after `migrate`.
    package static func parse(arguments: [String]) throws(GeneratorOptions.UsageError) -> Command {
        var inputs: [String] = []
        var hasPrefix = false
        var dryRun = false
        var reader = CommandLineArguments(arguments)
        while let argument = reader.next() {
            switch argument {
            case .input(let input):
                inputs.append(input)
            case .option("-h"), .option("--help"):
                return .help
            case .option("--dry-run"):
                dryRun = true
            case .option("--annotation-prefix"):
                let value = try reader.value()
                guard AnnotationLanguage(prefix: value) == .quantwm else {
                    throw GeneratorOptions.UsageError(message: "migrate reads Quantwm's annotations ('// sourcery: ...'), not "
                        + "'// \(value): ...'; use '--annotation-prefix sourcery'")
                }
                hasPrefix = true
            case .option(let name):
                if GeneratorOptions.allOptions.contains(name) {
                    throw GeneratorOptions.UsageError(message: "option '\(name)' does not apply to 'migrate'")
                }
                let hint = nearestSpelling(of: name, in: options).map { "; did you mean '\($0)'?" } ?? ""
                throw GeneratorOptions.UsageError(message: "unknown option '\(name)' of 'migrate'" + hint)
            }
        }
        guard hasPrefix else {
            throw GeneratorOptions.UsageError(message: "migrate needs '--annotation-prefix sourcery': it migrates models annotated "
                + "for Quantwm's Sourcery templates")
        }
        guard !inputs.isEmpty else {
            throw GeneratorOptions.UsageError(message: "no input: give the .swift files or folders to migrate")
        }
        return .migrate(MigrationOptions(inputs: inputs, dryRun: dryRun))
    }
}
