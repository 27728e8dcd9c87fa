// The `ripple-gen` command: reads the command line, runs the generator (with Quantwm's dialect
// for the prefix `sourcery`) or the migration, prints what it found. Everything else lives in
// RippleGenerator and RippleMigration, where it is tested.

import Foundation
import RippleGenerator
import RippleMigration

/// Writes a line to standard error.
func printError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}

/// Prints a command line that cannot be understood, and exits with status 2.
func exitWithUsageError(_ error: GeneratorOptions.UsageError, usage: String) -> Never {
    printError("error: \(error.message)")
    printError("usage: \(usage); see 'ripple-gen --help'")
    exit(2)
}

let arguments = Array(CommandLine.arguments.dropFirst())

if arguments.first == "migrate" {
    let command: MigrationOptions.Command
    do {
        command = try MigrationOptions.parse(arguments: Array(arguments.dropFirst()))
    } catch {
        exitWithUsageError(error, usage: "ripple-gen migrate --annotation-prefix sourcery [--dry-run] <input>...")
    }
    switch command {
    case .help:
        print(MigrationOptions.usage)
    case .migrate(let options):
        let report = Migrator(options: options).run()
        report.messages.forEach(printError)
        if let diff = report.diff {
            print(diff, terminator: "")
        }
        for line in report.summary { print(line) }
        exit(report.exitStatus)
    }
    exit(0)
}

let command: GeneratorOptions.Command
do {
    command = try GeneratorOptions.parse(arguments: arguments)
} catch {
    exitWithUsageError(error, usage: "ripple-gen [options] <input>...")
}

switch command {
case .help:
    print(GeneratorOptions.usage)
    print()
    print(MigrationOptions.usage)
case .version:
    print("ripple-gen \(GeneratorOptions.version)")
case .generate(let options):
    let report = Generator(options: options, dialects: [QuantwmDialect()]).run()
    report.messages.forEach(printError)
    if let dump = report.dump {
        print(dump, terminator: "")
    }
    exit(report.hasErrors ? 1 : 0)
}
