import RippleGenerator
import RippleMigration
import Testing

/// The command line of `ripple-gen migrate`: the arguments after `migrate`.
@Suite struct MigrationOptionsTests {
    func parse(_ arguments: String) throws(GeneratorOptions.UsageError) -> MigrationOptions.Command {
        try MigrationOptions.parse(arguments: arguments.split(separator: " ").map(String.init))
    }

    func usageError(_ arguments: String) -> String? {
        usageMessage { () throws(GeneratorOptions.UsageError) in try parse(arguments) }
    }

    @Test func readsItsOptionsAndInputs() throws {
        #expect(try parse("--annotation-prefix sourcery Model Extra.swift")
            == .migrate(MigrationOptions(inputs: ["Model", "Extra.swift"])))
        #expect(try parse("--dry-run --annotation-prefix=sourcery Model")
            == .migrate(MigrationOptions(inputs: ["Model"], dryRun: true)))
        #expect(try parse("--annotation-prefix sourcery -- --dry-run")
            == .migrate(MigrationOptions(inputs: ["--dry-run"])))
        #expect(try parse("--help") == .help)
    }

    @Test func usageErrors() {
        #expect(usageError("Model") == "migrate needs '--annotation-prefix sourcery': it migrates models "
            + "annotated for Quantwm's Sourcery templates")
        #expect(usageError("--annotation-prefix ripple Model")
            == "migrate reads Quantwm's annotations ('// sourcery: ...'), not '// ripple: ...'; use '--annotation-prefix sourcery'")
        #expect(usageError("--annotation-prefix") == "option '--annotation-prefix' needs a value")
        #expect(usageError("--annotation-prefix sourcery --output Out Model") == "option '--output' does not apply to 'migrate'")
        #expect(usageError("--annotation-prefix sourcery --dryrun Model")
            == "unknown option '--dryrun' of 'migrate'; did you mean '--dry-run'?")
        #expect(usageError("--annotation-prefix sourcery") == "no input: give the .swift files or folders to migrate")
    }

    @Test func theHelpDocumentsMigrate() {
        #expect(MigrationOptions.usage.contains("ripple-gen migrate --annotation-prefix sourcery [--dry-run] <input>..."))
        #expect(MigrationOptions.usage.contains("--dry-run                 Print the edits as a unified diff"))
        #expect(!GeneratorOptions.usage.contains("migrate"), "the generator's help is the generator's")
    }
}
