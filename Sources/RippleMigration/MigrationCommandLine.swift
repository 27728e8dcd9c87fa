import Foundation
import RippleGenerator

/// `ripple-gen migrate`'s command line: reads the arguments after `migrate`, runs the
/// ``Migrator``, prints what it did and what is left, and exits.
package enum MigrationCommandLine {
    /// Runs `ripple-gen migrate` over the arguments after `migrate`, and exits with the
    /// report's status (2 for a command line that cannot be understood).
    package static func run(arguments: [String]) -> Never {
        let command: MigrationOptions.Command
        do {
            command = try MigrationOptions.parse(arguments: arguments)
        } catch {
            GeneratorCommandLine.exitWithUsageError(
                error, usage: "ripple-gen migrate --annotation-prefix sourcery [--dry-run] <input>...")
        }
        switch command {
        case .help:
            print(MigrationOptions.usage)
            exit(0)
        case .migrate(let options):
            let report = Migrator(options: options).run()
            report.messages.forEach(GeneratorCommandLine.printError)
            if let diff = report.diff {
                print(diff, terminator: "")
            }
            for line in report.summary { print(line) }
            exit(report.exitStatus)
        }
    }
}
