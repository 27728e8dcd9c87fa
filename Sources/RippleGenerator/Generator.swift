import Foundation

/// One run of the generator, from options to the written file.
///
/// The pipeline: settings (options over `ripple.json`) → input files, sorted by path → a fast
/// scan that skips files without `// <prefix>:` (unless they extend a class the others declare)
/// → parse → scheme, and the check of writes to tracked storage in every file → templates →
/// render → write.
/// The annotation language (chosen from the prefix when the options and `ripple.json` are
/// read) gives the dialect the scheme is read in: Ripple's, or Quantwm's for `sourcery`.
/// Every problem of the run is collected; if any is an error nothing is written. A previously
/// generated file is left as it is, or, with ``GeneratorOptions/removesStaleOutput`` (the build
/// plugin's output folder), removed, so that a build never compiles stale code. The file is
/// written atomically (a temporary file renamed over it) and only when its content changes,
/// so an unchanged model does not trigger recompilation.
///
/// ```swift
/// let report = Generator(options: GeneratorOptions(inputs: ["Sources/Model"], outputDirectory: "Generated")).run()
/// report.diagnostics.forEach { print($0) }
/// ```
package struct Generator: Sendable {
    package let options: GeneratorOptions

    package init(options: GeneratorOptions) {
        self.options = options
    }

    /// Runs the pipeline.
    package func run() -> GeneratorReport {
        var report = GeneratorReport()

        // Settings: command-line options win over the configuration file.
        var configuration = Configuration()
        if let path = options.configurationFile {
            let loaded = Configuration.load(path: path)
            configuration = loaded.configuration
            report.diagnostics += loaded.diagnostics
        }
        let language = options.annotationLanguage ?? configuration.annotationLanguage ?? .standard
        let accessLevel = options.accessLevel ?? configuration.accessLevel
        let templatesDirectory = options.templatesDirectory ?? configuration.templatesDirectory
        let observable = options.observable ?? configuration.observable ?? false
        let documents = options.documents ?? configuration.documents ?? false

        let sources = readInputs(&report)
        var templates = TemplateSet.builtIn()
        if let templatesDirectory {
            let overlaid = TemplateSet.overlaying(directory: templatesDirectory)
            for problem in overlaid.problems {
                report.add(problem)
            }
            templates = overlaid.templates ?? templates
        }

        let generation = Self.generate(
            sources, dialect: language.dialect, accessLevel: accessLevel, observable: observable, documents: documents,
            templates: options.dumpFormat == nil && !report.hasErrors ? templates : nil)
        report.scheme = generation.scheme
        report.diagnostics = (report.diagnostics + generation.diagnostics).sortedForReading(files: generation.parsedFiles)

        if options.dumpFormat != nil {
            return report
        }
        guard !report.hasErrors, let output = generation.output else {
            if options.removesStaleOutput {
                removeStaleOutput(&report)
            }
            return report
        }
        write(output, &report)
        return report
    }

    /// What the in-memory part of a run makes of its sources.
    package struct Generation: Sendable {
        /// The problems in the sources and, if rendering failed, in the templates.
        package var diagnostics: [Diagnostic] = []
        /// The scheme that was built (meaningful only without errors).
        package var scheme = ModelScheme(classes: [])
        /// The generated code as the UTF-8 bytes of the file; `nil` when there are errors or
        /// nothing was to be rendered.
        package var output: [UInt8]?

        /// The generated code as text, made from ``output`` at each call.
        package var code: String? {
            output.map { String(decoding: $0, as: UTF8.self) }
        }
        /// The paths of the sources that were parsed, in their order.
        package var parsedFiles: [String] = []
    }

    /// The pipeline between reading the inputs and writing the output, in memory: a fast scan
    /// that skips sources without `// <prefix>:`, parse, scheme in `dialect`, and, when
    /// `templates` are given and no error was found, render. With `documents`, the scheme is
    /// checked for what saving and opening documents needs, and the classes are rendered as
    /// document nodes.
    ///
    /// ```swift
    /// let generation = Generator.generate([(path: "Model.swift", bytes: Array(source.utf8))])
    /// print(generation.code ?? generation.diagnostics.map(\.description).joined(separator: "\n"))
    /// ```
    package static func generate(
        _ sources: [(path: String, bytes: [UInt8])], dialect: any AnnotationDialect = RippleDialect(),
        accessLevel: AccessLevel? = nil, observable: Bool = false, documents: Bool = false,
        templates: TemplateSet? = .builtIn()
    ) -> Generation {
        var generation = Generation()
        var parsedFiles = parse(sources, dialect: dialect, documents: documents)
        for parsed in parsedFiles {
            generation.diagnostics += parsed.diagnostics
            generation.parsedFiles.append(parsed.file.path)
        }
        let built = SchemeBuilder(dialect: dialect, accessLevel: accessLevel, documents: documents).build(parsedFiles)
        generation.diagnostics += built.diagnostics
        generation.diagnostics += StorageWriteCheck(scheme: built.scheme).diagnostics(in: sources, parsed: parsedFiles)
        parsedFiles = []
        generation.scheme = built.scheme
        if let templates, !generation.diagnostics.contains(where: { $0.severity == .error }) {
            do {
                generation.output = try CodeRenderer(templates: templates).render(built.scheme, observable: observable, documents: documents)
            } catch {
                let tooLarge = templates.isBuiltIn ? modelTooLarge(error, built.scheme) : nil
                generation.diagnostics.append(tooLarge ?? error.diagnostic)
            }
        }
        generation.diagnostics = generation.diagnostics.sortedForReading(files: generation.parsedFiles)
        return generation
    }

    /// A limit of rendering that the built-in templates reach: the model is too large, which is
    /// said at its root class, since the templates are none the user could fix. `nil` for any
    /// other error.
    private static func modelTooLarge(_ error: TemplateError, _ scheme: ModelScheme) -> Diagnostic? {
        let limit: String
        switch error.reason {
        case .outputTooLarge(let bytes): limit = "grows past \(bytes % (1 << 20) == 0 ? "\(bytes >> 20) MB" : "\(bytes) bytes")"
        case .tooManySteps(let steps): limit = "takes more than \(NameList.count(steps)) steps to render"
        default: return nil
        }
        guard let root = scheme.root ?? scheme.classes.first else { return nil }
        let members = scheme.classes.reduce(0) { $0 + $1.members.count }
        let size = "\(NameList.count(scheme.classes.count)) tracked classes, \(NameList.count(members)) members"
        return Diagnostic(
            severity: .error,
            message: "the generated code of this model (\(size)) \(limit), more than ripple-gen writes; "
                + "make the model smaller, or split it into models of their own",
            file: root.file, location: root.location)
    }

    /// The sources that may hold something `dialect` reads, parsed, in their order; the fast
    /// scan skips the others. With `documents`, so are extensions, which may give a class its
    /// `init()` or a type its `Codable` conformance. A skipped file that extends a class the
    /// parsed files declare is parsed too: its methods may be the class's hooks, or misspell them.
    package static func parse(
        _ sources: [(path: String, bytes: [UInt8])], dialect: any AnnotationDialect, documents: Bool = false
    ) -> [ParsedFile] {
        let scan = FastScan(
            annotationPrefix: dialect.parser.prefix,
            words: ClassMethods.declarationWords + dialect.fileMarkers + (documents ? DocumentRequirements.declarationWords : []))
        var parsed = sources.map { scan.mayMatter($0.bytes) ? SwiftParser.parse(SourceFile(path: $0.path, bytes: $0.bytes)) : nil }
        let extensions = ExtensionScan(typeNames: parsed.reduce(into: Set<String>()) { names, file in
            if let file { Self.collectClassNames(file.types, into: &names) }
        })
        if !extensions.isEmpty {
            for index in sources.indices where parsed[index] == nil && extensions.mayExtend(sources[index].bytes) {
                parsed[index] = SwiftParser.parse(SourceFile(path: sources[index].path, bytes: sources[index].bytes))
            }
        }
        return parsed.compactMap { $0 }
    }

    /// Adds the names of the classes among `types` and the types nested in them, plain and
    /// qualified.
    private static func collectClassNames(_ types: [TypeDeclaration], into names: inout Set<String>) {
        // Types nest as deep as the parser follows them; a list of those left spares a recursion.
        var pending = types
        while let type = pending.popLast() {
            if type.kind == .class {
                names.insert(type.name)
                names.insert(type.qualifiedName)
            }
            pending += type.nested
        }
    }

    // MARK: Inputs

    /// The contents of the input files, in the order of their paths.
    private func readInputs(_ report: inout GeneratorReport) -> [(path: String, bytes: [UInt8])] {
        let inputs = InputFiles.read(options.inputs, excluding: options.outputFile)
        for error in inputs.errors {
            report.report(error)
        }
        return inputs.sources
    }

    // MARK: Output

    private func removeStaleOutput(_ report: inout GeneratorReport) {
        let path = options.outputFile
        guard FileManager.default.fileExists(atPath: path) else { return }
        do {
            try FileManager.default.removeItem(atPath: path)
            report.removedStaleOutput = true
        } catch {
            report.report(GeneratorError.cannotWrite(path: path, reason: "the generated file from an earlier run cannot be removed"))
        }
    }

    /// Writes `output` unless the file already holds exactly it.
    private func write(_ output: [UInt8], _ report: inout GeneratorReport) {
        let path = options.outputFile
        report.outputFile = path
        let data = Data(output)
        if FileManager.default.contents(atPath: path) == data { return }
        do throws(GeneratorError) {
            try AtomicFile.write(data, to: path, creatingDirectory: options.outputDirectory)
            report.wroteOutput = true
        } catch {
            report.report(error)
        }
    }
}

/// What a run of the ``Generator`` did and found.
package struct GeneratorReport: Sendable {
    /// Problems in the inputs, the configuration or the templates: first those of the run as a
    /// whole (a missing input, a file that cannot be read or written), then those in files.
    package var diagnostics: [Diagnostic] = []
    /// The scheme that was built (meaningful only without errors).
    package var scheme = ModelScheme(classes: [])
    /// The path of the generated file, when generation succeeded.
    package var outputFile: String?
    /// Whether the generated file was written (`false` when it already held the same code).
    package var wroteOutput = false
    /// Whether a generated file of an earlier run was removed because of errors.
    package var removedStaleOutput = false

    /// Whether anything went wrong.
    package var hasErrors: Bool {
        diagnostics.contains { $0.severity == .error }
    }

    /// Every problem as `ripple-gen` prints it, those without a location first.
    package var messages: [String] {
        diagnostics.map(\.description)
    }

    /// Adds a problem of the run as a whole, after the others of its kind and before those in
    /// files: where a run stops is read first.
    mutating func report(_ problem: some DiagnosticMessage) {
        let firstInFile = diagnostics.firstIndex { $0.file != nil } ?? diagnostics.endIndex
        diagnostics.insert(problem.diagnostic, at: firstInFile)
    }

    mutating func add(_ problem: TemplateSet.Problem) {
        switch problem {
        case .missingDirectory, .notADirectory, .unreadable:
            report(problem)
        case .invalid(let error):
            diagnostics.append(error.diagnostic)
        case .unusedTemplate(let path, _):
            diagnostics.append(problem.diagnostic(in: path, at: SourceLocation(line: 1, column: 1)))
        }
    }
}

/// A problem of a run that no source line explains.
package enum GeneratorError: Error, DiagnosticMessage, Equatable {
    /// An input path that does not exist.
    case missingInput(String)
    /// A file that exists but cannot be read.
    case unreadableFile(String)
    /// The generated file cannot be written or removed.
    case cannotWrite(path: String, reason: String)

    package var severity: Diagnostic.Severity { .error }

    /// What went wrong.
    package var text: String {
        switch self {
        case .missingInput(let path): "no such file or folder: '\(path)'"
        case .unreadableFile(let path): "cannot read '\(path)'"
        case .cannotWrite(let path, let reason): "cannot write '\(path)': \(reason)"
        }
    }
}
