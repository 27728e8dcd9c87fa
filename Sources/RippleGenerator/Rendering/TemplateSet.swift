import Foundation

/// The templates generated code is rendered from: the built-in ones, or a user's copy.
///
/// The built-in templates are the files of the repository's `Templates/` folder, compiled into
/// the generator (see `BuiltInTemplates.swift` and its `BuiltInTemplates+<Name>.swift` files), so
/// `ripple-gen` works wherever it is copied.
///
/// A templates folder (`--templates <dir>`, or `templates` in `ripple.json`) *overlays* them:
/// each `*.ripple` file in it replaces the built-in template of the same name, and templates it
/// does not contain stay built-in. To change how accessors look, copy `Accessor.swift.ripple`
/// alone. A file that replaces nothing and that no template includes is reported with a
/// warning, as it is most likely misspelled.
package struct TemplateSet: Sendable {
    /// The template that renders the whole file.
    package static let entryName = "File.swift.ripple"
    /// The file extension of templates.
    package static let fileExtension = "ripple"

    /// The templates, by file name.
    package private(set) var templates: [String: Template]
    /// Whether these are the built-in templates, none replaced: a problem in them is then the
    /// model's, not a template the user could fix.
    package private(set) var isBuiltIn = false
    /// The largest output a render makes, in bytes (see ``Template/maximumOutputSize``).
    package var outputLimit = Template.maximumOutputSize

    /// Something wrong with a templates folder.
    package enum Problem: DiagnosticMessage, Equatable {
        /// The folder does not exist.
        case missingDirectory(String)
        /// The path names a file, not a folder.
        case notADirectory(String)
        /// A template file that cannot be read.
        case unreadable(String)
        /// A template with a syntax error.
        case invalid(TemplateError)
        /// A file that replaces no built-in template and that no template includes (a warning).
        case unusedTemplate(path: String, suggestion: String?)

        /// Whether the problem stops generation.
        package var isError: Bool {
            if case .unusedTemplate = self { return false }
            return true
        }

        /// An error, or a warning for a template that is not used.
        package var severity: Diagnostic.Severity { isError ? .error : .warning }

        /// What is wrong and how to fix it.
        package var text: String {
            switch self {
            case .missingDirectory(let path):
                return "templates folder '\(path)' does not exist"
            case .notADirectory(let path):
                return "'\(path)' is a file, and the templates are a folder: name the folder that holds the *.ripple templates"
            case .unreadable(let path):
                return "cannot read '\(path)'"
            case .invalid(let error):
                return error.message
            case .unusedTemplate(let path, let suggestion):
                let name = (path as NSString).lastPathComponent
                let hint = suggestion.map { "; did you mean '\($0)'?" } ?? ""
                return "template '\(name)' replaces no built-in template and no template includes it" + hint
            }
        }
    }

    /// The built-in templates.
    package static func builtIn() -> TemplateSet { parsedBuiltIn }

    /// The built-in templates, parsed once per process: the texts are constants, and parsing
    /// them cost more than parsing and rendering a model of a few classes (the generator's tests
    /// run it thousands of times).
    private static let parsedBuiltIn: TemplateSet = {
        var templates: [String: Template] = [:]
        for (name, source) in builtInSources {
            do {
                templates[name] = try Template(name: name, source: source)
            } catch {
                // The template tests parse every built-in template.
                preconditionFailure("built-in template \(error)")
            }
        }
        return TemplateSet(templates: templates, isBuiltIn: true)
    }()

    /// The built-in templates overlaid with the `*.ripple` files of `directory`.
    ///
    /// - Returns: The templates (`nil` when a problem is an error) and every problem found.
    package static func overlaying(directory: String) -> (templates: TemplateSet?, problems: [Problem]) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) else {
            return (nil, [.missingDirectory(directory)])
        }
        guard isDirectory.boolValue else {
            return (nil, [.notADirectory(directory)])
        }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [])
            .filter { ($0 as NSString).pathExtension == fileExtension && !$0.hasPrefix(".") }
            .sorted()
        var set = builtIn()
        var problems: [Problem] = []
        var sources: [String: String] = builtInSources
        for name in names {
            let path = (directory as NSString).appendingPathComponent(name)
            guard let data = FileManager.default.contents(atPath: path) else {
                problems.append(.unreadable(path))
                continue
            }
            let source = String(decoding: data, as: UTF8.self)
            sources[name] = source
            do {
                set.templates[name] = try Template(name: path, source: source)
                set.isBuiltIn = false
            } catch {
                problems.append(.invalid(error))
            }
        }
        for name in names where builtInSources[name] == nil {
            let isIncluded = sources.values.contains { $0.contains("\"\(name)\"") }
            if !isIncluded {
                let path = (directory as NSString).appendingPathComponent(name)
                problems.append(.unusedTemplate(path: path, suggestion: nearestSpelling(of: name, in: builtInSources.keys.sorted())))
            }
        }
        return (problems.contains(where: \.isError) ? nil : set, problems)
    }

    /// Renders the entry template, `File.swift.ripple`, with the variables of the file: the UTF-8
    /// bytes of the file, written as they are.
    package func render(_ context: [String: TemplateValue]) throws(TemplateError) -> [UInt8] {
        guard let entry = templates[Self.entryName] else {
            preconditionFailure("the built-in templates include \(Self.entryName)")
        }
        var renderer = TemplateRenderer(
            entry, variables: context, templates: templates, outputLimit: outputLimit, stepLimit: Template.maximumSteps)
        return try renderer.render()
    }
}
