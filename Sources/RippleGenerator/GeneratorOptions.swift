import Foundation

/// What one run of the generator does: its inputs, where output goes, and the settings that
/// override `ripple.json`.
///
/// `ripple-gen` builds it from its command line with ``parse(arguments:)``; tests and plugins
/// can build it directly.
package struct GeneratorOptions: Equatable, Sendable {
    /// The name of the one file a run writes into ``outputDirectory``.
    package static let outputFileName = "RippleGenerated.swift"

    /// Swift files, and folders searched recursively for them.
    package var inputs: [String]
    /// Where ``outputFileName`` is written; created if missing.
    package var outputDirectory: String
    /// A `ripple.json` to read settings from.
    package var configurationFile: String?
    /// The annotation language, read from the annotation prefix (`ripple` in `// ripple: node`);
    /// overrides the configuration.
    package var annotationLanguage: AnnotationLanguage?
    /// The access level of every generated member; overrides the configuration.
    package var accessLevel: AccessLevel?
    /// A folder of templates overlaying the built-in ones; overrides the configuration.
    package var templatesDirectory: String?
    /// Whether the generated classes conform to `Observation.Observable`; `--observable`
    /// turns it on whatever the configuration says.
    package var observable: Bool?
    /// Whether the generated classes can be saved and opened as documents (`DocumentRoot`,
    /// `DocumentNode`); `--documents` turns it on whatever the configuration says.
    package var documents: Bool?
    /// When set, the run builds the model scheme and writes nothing; `ripple-gen` prints the
    /// scheme in this format.
    package var dumpFormat: SchemeDumpFormat?
    /// Whether a run with errors removes the ``outputFile`` of an earlier run: what the build
    /// plugin asks for, since the build would compile a stale file against the changed model.
    /// Otherwise (a folder of the user's) an existing file is left as it is.
    package var removesStaleOutput = false

    package init(
        inputs: [String], outputDirectory: String = ".", configurationFile: String? = nil,
        annotationLanguage: AnnotationLanguage? = nil, accessLevel: AccessLevel? = nil, templatesDirectory: String? = nil,
        dumpFormat: SchemeDumpFormat? = nil
    ) {
        self.inputs = inputs
        self.outputDirectory = outputDirectory
        self.configurationFile = configurationFile
        self.annotationLanguage = annotationLanguage
        self.accessLevel = accessLevel
        self.templatesDirectory = templatesDirectory
        self.dumpFormat = dumpFormat
    }

    /// The path of the generated file.
    package var outputFile: String {
        outputDirectory.hasSuffix("/") ? outputDirectory + Self.outputFileName : outputDirectory + "/" + Self.outputFileName
    }
}

// MARK: - Command line

extension GeneratorOptions {
    /// What a `ripple-gen` command line asks for.
    package enum Command: Equatable, Sendable {
        case help
        case version
        case generate(GeneratorOptions)
    }

    /// A command line that cannot be understood; `ripple-gen` prints it with the usage and
    /// exits with status 2.
    package struct UsageError: Error, DiagnosticMessage, Equatable, CustomStringConvertible {
        package var message: String
        package var description: String { message }

        package init(message: String) {
            self.message = message
        }

        package var severity: Diagnostic.Severity { .error }
        package var text: String { message }
    }

    /// The version `--version` prints.
    package static let version = "0.1.0"

    /// The text `--help` prints.
    package static let usage = """
        USAGE: ripple-gen [options] <input>...

        Generates the Ripple accessors, change keys and model scheme of the classes annotated
        '// ripple: root' and '// ripple: node' in the inputs, into one file.

        ARGUMENTS:
          <input>                   A .swift file, or a folder searched recursively
                                    (hidden folders and .build are skipped); a file
                                    reached by several paths or links is read once.

        OPTIONS:
          --output <dir>            The folder \(outputFileName) is written into
                                    (default: .); created if missing.
          --remove-stale-output     When the inputs have errors, delete the
                                    \(outputFileName) of an earlier run from <dir>, so that
                                    a build cannot compile it (the build plugin does).
          --config <file>           A ripple.json with settings (annotationPrefix,
                                    accessLevel, templates, observable, documents);
                                    options below override it.
          --annotation-prefix <word>
                                    The word annotations start with (default: ripple);
                                    'sourcery' reads Quantwm's annotations.
          --access-level <level>    public, package or internal: the access level of every
                                    generated member (default: that of each class).
          --templates <dir>         Templates that replace the built-in ones of the same name.
          --observable              Make every generated class Observation.Observable, so
                                    that SwiftUI views re-render after updates.
          --documents               Make every generated class a document node, so that
                                    mediators save and open the model (snapshots, patches,
                                    DocumentStore).
          --dump-scheme             Print the model scheme instead of generating code.
          --format <format>         The format of --dump-scheme: text (default), dot or json.
          --version                 Print the version.
          -h, --help                Print this help.

        Diagnostics go to standard error as 'path:line:column: error: message'. The exit
        status is 0 on success, 1 when the inputs have errors (then nothing is written: an
        existing \(outputFileName) is left as it was, or, with --remove-stale-output,
        deleted), 2 for a wrong command line.
        """

    /// The options that take a value.
    private static let valueOptions = [
        "--output", "--config", "--annotation-prefix", "--access-level", "--templates", "--format",
    ]
    /// Every option, for "did you mean".
    package static let allOptions = valueOptions + [
        "--dump-scheme", "--observable", "--documents", "--remove-stale-output", "--help", "--version",
    ]

    /// Reads a command line (without the program name). A tool that cannot print the scheme
    /// (`dumpsScheme` false: the build plugins') refuses `--dump-scheme`.
    ///
    /// Options take their value as the next argument or after `=` (`--output=Generated`);
    /// `--` ends the options.
    package static func parse(arguments: [String], dumpsScheme: Bool = true) throws(UsageError) -> Command {
        var options = GeneratorOptions(inputs: [])
        var wantsDump = false
        var format: SchemeDumpFormat?
        var reader = CommandLineArguments(arguments)
        while let argument = reader.next() {
            switch argument {
            case .input(let input):
                options.inputs.append(input)
            case .option("-h"), .option("--help"):
                return .help
            case .option("--version"):
                return .version
            case .option("--output"):
                options.outputDirectory = try outputDirectory(try reader.value())
            case .option("--remove-stale-output"):
                options.removesStaleOutput = true
            case .option("--config"):
                options.configurationFile = try reader.value()
            case .option("--annotation-prefix"):
                let prefix = try reader.value()
                guard Configuration.isValidPrefix(prefix) else {
                    throw UsageError(message: "annotation prefix '\(prefix)' must be a word of letters, digits and '_'")
                }
                options.annotationLanguage = AnnotationLanguage(prefix: prefix)
            case .option("--access-level"):
                options.accessLevel = try accessLevel(try reader.value())
            case .option("--templates"):
                options.templatesDirectory = try reader.value()
            case .option("--observable"):
                options.observable = true
            case .option("--documents"):
                options.documents = true
            case .option("--dump-scheme"):
                guard dumpsScheme else {
                    throw UsageError(message: "'--dump-scheme' is ripple-gen's; this tool only generates")
                }
                wantsDump = true
            case .option("--format"):
                let text = try reader.value()
                guard let parsed = SchemeDumpFormat(rawValue: text) else {
                    let formats = SchemeDumpFormat.allCases.map(\.rawValue)
                    let hint = nearestSpelling(of: text, in: formats).map { "; did you mean '\($0)'?" } ?? ""
                    throw UsageError(message: "unknown format '\(text)'; use \(formats.joined(separator: ", "))" + hint)
                }
                format = parsed
            case .option(let name):
                let hint = nearestSpelling(of: name, in: allOptions).map { "; did you mean '\($0)'?" } ?? ""
                throw UsageError(message: "unknown option '\(name)'" + hint)
            }
        }
        if format != nil, !wantsDump {
            throw UsageError(message: "'--format' applies to '--dump-scheme'; add '--dump-scheme' or remove '--format'")
        }
        if wantsDump {
            options.dumpFormat = format ?? .text
        }
        guard !options.inputs.isEmpty else {
            throw UsageError(message: "no input: give the .swift files or folders to read")
        }
        return .generate(options)
    }

    /// The folder `--output` names: not empty, and not a file.
    private static func outputDirectory(_ path: String) throws(UsageError) -> String {
        guard !path.isEmpty else {
            throw UsageError(message: "'--output' needs a folder, such as '--output Generated' ('.' for this one)")
        }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw UsageError(message: "'--output' takes a folder, and '\(path)' is a file; name the folder that "
                + "\(outputFileName) goes into")
        }
        return path
    }

    private static func accessLevel(_ text: String) throws(UsageError) -> AccessLevel {
        guard let level = Configuration.accessLevel(named: text) else {
            throw UsageError(message: ConfigurationMessage.invalidAccessLevel(text).text)
        }
        return level
    }
}
