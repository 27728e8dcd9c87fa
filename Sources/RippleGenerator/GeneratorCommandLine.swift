import Foundation

/// The generating command line that `ripple-gen` and the build plugins' tool share: reads the
/// arguments, runs the ``Generator``, prints what it found and exits.
///
/// `ripple-gen` adds `migrate` in front of it; the plugins' tool is this alone, so that a
/// package that applies a plugin builds the generator and nothing else.
///
/// ```swift
/// GeneratorCommandLine.run(arguments: Array(CommandLine.arguments.dropFirst()), help: GeneratorOptions.usage, dumpScheme: nil)
/// ```
package enum GeneratorCommandLine {
    /// Runs `ripple-gen [options] <input>...` and exits: 0 on success, 1 when the inputs have
    /// errors, 2 for a command line that cannot be understood. `--help` prints `help`.
    /// `--dump-scheme` prints what `dumpScheme` makes of the scheme; without it (the plugins'
    /// tool, which leaves the dump uncompiled) the option is refused.
    package static func run(
        arguments: [String], help: String, dumpScheme: ((ModelScheme, SchemeDumpFormat) -> String)?
    ) -> Never {
        let command: GeneratorOptions.Command
        do {
            command = try GeneratorOptions.parse(arguments: arguments, dumpsScheme: dumpScheme != nil)
        } catch {
            exitWithUsageError(error, usage: "ripple-gen [options] <input>...")
        }
        switch command {
        case .help:
            print(help)
        case .version:
            print("ripple-gen \(GeneratorOptions.version)")
        case .generate(let options):
            let report = Generator(options: options).run()
            report.messages.forEach(printError)
            if let format = options.dumpFormat, let dumpScheme, !report.hasErrors {
                print(dumpScheme(report.scheme, format), terminator: "")
            }
            exit(report.hasErrors ? 1 : 0)
        }
        exit(0)
    }

    /// Writes a line to standard error.
    package static func printError(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    /// Prints a command line that cannot be understood, and exits with status 2.
    package static func exitWithUsageError(_ error: GeneratorOptions.UsageError, usage: String) -> Never {
        printError(error.diagnostic.description)
        printError("usage: \(usage); see 'ripple-gen --help'")
        exit(2)
    }
}
