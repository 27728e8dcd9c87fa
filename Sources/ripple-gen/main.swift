// The `ripple-gen` command: `ripple-gen migrate ...` migrates a Quantwm model, anything else
// generates or, with `--dump-scheme`, prints the scheme (RippleSchemeDump). Both command lines
// live in RippleGenerator and RippleMigration, where they are tested; the build plugins run a
// tool of their own with the generating one alone.

import RippleGenerator
import RippleMigration
import RippleSchemeDump

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "migrate" {
    MigrationCommandLine.run(arguments: Array(arguments.dropFirst()))
}
GeneratorCommandLine.run(
    arguments: arguments, help: GeneratorOptions.usage + "\n\n" + MigrationOptions.usage,
    dumpScheme: { SchemeDump(scheme: $0).render($1) })
