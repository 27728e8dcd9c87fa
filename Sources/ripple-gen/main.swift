// The `ripple-gen` command: reads the command line, runs the generator, prints what it found.
// Everything else lives in RippleGenerator, where it is tested.

import Foundation
import RippleGenerator

/// Writes a line to standard error.
func printError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}

let command: GeneratorOptions.Command
do {
    command = try GeneratorOptions.parse(arguments: Array(CommandLine.arguments.dropFirst()))
} catch {
    printError("error: \(error.message)")
    printError("usage: ripple-gen [options] <input>...; see 'ripple-gen --help'")
    exit(2)
}

switch command {
case .help:
    print(GeneratorOptions.usage)
case .version:
    print("ripple-gen \(GeneratorOptions.version)")
case .generate(let options):
    let report = Generator(options: options).run()
    report.messages.forEach(printError)
    if let dump = report.dump {
        print(dump, terminator: "")
    }
    exit(report.hasErrors ? 1 : 0)
case .migrate(let options):
    let report = MigrationCommand(options: options).run()
    report.messages.forEach(printError)
    if let diff = report.diff {
        print(diff, terminator: "")
    }
    for line in report.summary { print(line) }
    exit(report.exitStatus)
}
