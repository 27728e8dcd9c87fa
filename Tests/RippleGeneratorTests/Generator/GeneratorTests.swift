import Foundation
import RippleGenerator
import RippleSchemeDump
import Testing

@Suite struct GeneratorTests {
    let output = GeneratorOptions.outputFileName

    @Test func writesTheFileOnlyWhenItsContentChanges() throws {
        let directory = try TemporaryDirectory()
        let model = try directory.write("Model/Library.swift", smallModel)
        let options = GeneratorOptions(inputs: [directory.path + "/Model"], outputDirectory: directory.path + "/Generated")

        let first = Generator(options: options).run()
        #expect(first.messages == [])
        #expect(first.wroteOutput)
        #expect(first.outputFile == directory.path + "/Generated/" + output)
        let second = Generator(options: options).run()
        #expect(!second.wroteOutput)

        try (smallModel + "\n// ripple: node\nfinal class Note {\n    let tracker = Tracker()\n}\n")
            .write(toFile: model, atomically: true, encoding: .utf8)
        let third = Generator(options: options).run()
        #expect(third.wroteOutput)
        #expect(directory.read("Generated/" + output)?.contains("// MARK: - Note") == true)
        // Nothing but the generated file is left behind.
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path + "/Generated") == [output])
    }

    @Test func anErrorWritesNothingAndLeavesAnEarlierFileAsItIs() throws {
        let directory = try TemporaryDirectory()
        try directory.write("Library.swift", smallModel)
        let options = GeneratorOptions(inputs: [directory.path + "/Library.swift"], outputDirectory: directory.path)
        #expect(Generator(options: options).run().wroteOutput)
        let earlier = try #require(directory.read(output))

        try directory.write("Library.swift", smallModel.replacingOccurrences(of: "var _count", with: "var count"))
        let report = Generator(options: options).run()
        #expect(report.hasErrors)
        #expect(!report.removedStaleOutput)
        #expect(!report.wroteOutput)
        #expect(directory.read(output) == earlier)
    }

    @Test func anErrorRemovesAStaleFileWhenAsked() throws {
        // What the build plugin asks for: its work folder is compiled as it is.
        let directory = try TemporaryDirectory()
        try directory.write("Library.swift", smallModel)
        var options = GeneratorOptions(inputs: [directory.path + "/Library.swift"], outputDirectory: directory.path)
        options.removesStaleOutput = true
        #expect(Generator(options: options).run().wroteOutput)

        try directory.write("Library.swift", smallModel.replacingOccurrences(of: "var _count", with: "var count"))
        let report = Generator(options: options).run()
        #expect(report.hasErrors)
        #expect(report.removedStaleOutput)
        #expect(!report.wroteOutput)
        #expect(directory.read(output) == nil)
    }

    @Test func aModelTooLargeForTheBuiltInTemplatesIsReportedAtItsRoot() throws {
        var templates = TemplateSet.builtIn()
        templates.outputLimit = 10_000
        #expect(templates.isBuiltIn)
        let classes = (0..<40).map { "// ripple: node\nfinal class Node\($0) {\n    let tracker = Tracker()\n}\n" }
        let source = smallModel + "\n" + classes.joined()
        let generation = Generator.generate([(path: "Model.swift", bytes: Array(source.utf8))], templates: templates)
        #expect(generation.code == nil)
        #expect(generation.diagnostics.map(\.description) == [
            "Model.swift:4:13: error: the generated code of this model (42 tracked classes, 3 members) grows past "
                + "10000 bytes, more than ripple-gen writes; make the model smaller, or split it into models of their own",
        ])
    }

    @Test func theOutputLimitOfAUsersTemplateIsReportedInTheTemplate() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("Library.swift", smallModel)
        let template = try directory.write("Templates/File.swift.ripple", "{% for class in classes %}{% for other in classes %}x{% endfor %}{% endfor %}\n")
        var overlaid = try #require(TemplateSet.overlaying(directory: directory.path + "/Templates").templates)
        #expect(!overlaid.isBuiltIn)
        overlaid.outputLimit = 2
        let generation = Generator.generate([(path: path, bytes: Array(smallModel.utf8))], templates: overlaid)
        #expect(generation.diagnostics.map(\.description) == [
            "\(template):1:27: error: the output grows past 2 bytes; a loop probably repeats more than intended, "
                + "such as a loop over every class inside another",
        ])
    }

    @Test func filesWithoutAnnotationsAreNotParsed() throws {
        let directory = try TemporaryDirectory()
        try directory.write("Library.swift", smallModel)
        // Broken code: parsing it would report an unterminated string.
        try directory.write("Broken.swift", "let text = \"never closed\n")
        let report = Generator(options: GeneratorOptions(inputs: [directory.path], outputDirectory: directory.path + "/Out")).run()
        #expect(report.messages == [])
    }

    @Test func parserDiagnosticsOfAnnotatedFilesAreReported() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("Library.swift", smallModel + "\nlet text = \"never closed\n")
        let report = Generator(options: GeneratorOptions(inputs: [path], outputDirectory: directory.path)).run()
        #expect(report.hasErrors)
        #expect(report.messages.contains { $0.hasPrefix(path + ":21:12: error: unterminated string literal") })
    }

    @Test func withoutAnnotationsTheFileHoldsOnlyItsHeader() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("Plain.swift", "struct Plain {}\n")
        let report = Generator(options: GeneratorOptions(inputs: [path], outputDirectory: directory.path)).run()
        #expect(report.messages == [])
        #expect(directory.read(output) == "// Generated by ripple-gen from the annotations in the model. Do not edit.\n")
    }

    @Test func missingInputsAreReportedWithEveryOtherProblem() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("Library.swift", smallModel.replacingOccurrences(of: "// ripple: property", with: "// ripple: propery"))
        let report = Generator(options: GeneratorOptions(inputs: [path, directory.path + "/Missing.swift"], outputDirectory: directory.path)).run()
        #expect(report.messages == [
            "error: no such file or folder: '\(directory.path)/Missing.swift'",
            "\(path):7:16: error: unknown annotation item 'propery'; did you mean 'property'?",
            "\(path):18:16: error: unknown annotation item 'propery'; did you mean 'property'?",
        ])
    }

    @Test func folderInputsSkipHiddenFoldersAndTheOutputFile() throws {
        let directory = try TemporaryDirectory()
        try directory.write("Sources/Library.swift", smallModel)
        try directory.write("Sources/.build/Checkout.swift", "// ripple: root\nfinal class Other {}\n")
        try directory.write("Sources/.hidden/Other.swift", "// ripple: root\nfinal class Other {}\n")
        try directory.write("Sources/Notes.txt", "// ripple: root\n")
        let options = GeneratorOptions(inputs: [directory.path + "/Sources"], outputDirectory: directory.path + "/Sources")
        #expect(Generator(options: options).run().messages == [])
        // The generated file is among the inputs now, and must not be read as one.
        let again = Generator(options: options).run()
        #expect(again.messages == [])
        #expect(!again.wroteOutput)
    }

    @Test func dumpSchemeBuildsTheSchemeAndWritesNothing() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("Library.swift", smallModel)
        let report = Generator(options: GeneratorOptions(inputs: [path], outputDirectory: directory.path, dumpFormat: .text)).run()
        #expect(!report.hasErrors)
        #expect(SchemeDump(scheme: report.scheme).render(.text) == """
            root Library
                count: Int (property, key 0)
                shelves: [Shelf] (node array of Shelf, key 1)
            node Shelf
                title: String (property, key 0)

            """)
        #expect(directory.read(output) == nil)
    }

    // MARK: Configuration

    @Test func configurationSetsThePrefixTheAccessLevelAndTheTemplates() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("Library.swift", smallModel.replacingOccurrences(of: "// ripple:", with: "// model:"))
        let configuration = try directory.write("Config/ripple.json", """
            { "annotationPrefix": "model", "accessLevel": "package", "templates": "Templates" }
            """)
        try directory.write("Config/Templates/Scheme.swift.ripple", "    // No scheme for {{ class.name }}.\n")
        let report = Generator(options: GeneratorOptions(
            inputs: [path], outputDirectory: directory.path, configurationFile: configuration)).run()
        #expect(report.messages == [])
        let code = try #require(directory.read(output))
        #expect(code.contains("    package var count: Int {"))
        #expect(code.contains("    // No scheme for Library.\n}"))
    }

    @Test func optionsOverrideTheConfiguration() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("Library.swift", smallModel)
        let configuration = try directory.write("ripple.json", #"{ "annotationPrefix": "model", "accessLevel": "package" }"#)
        let report = Generator(options: GeneratorOptions(
            inputs: [path], outputDirectory: directory.path, configurationFile: configuration,
            annotationLanguage: .ripple(prefix: "ripple"), accessLevel: .public)).run()
        #expect(report.messages == [])
        #expect(directory.read(output)?.contains("    public var count: Int {") == true)
    }

    @Test func documentsComeFromTheConfigurationOrTheCommandLine() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("Library.swift", smallModel)
        let on = try directory.write("on/ripple.json", #"{ "documents": true }"#)
        let off = try directory.write("off/ripple.json", #"{ "documents": false }"#)
        func generated(configuration: String?, documents: Bool? = nil) throws -> String {
            var options = GeneratorOptions(inputs: [path], outputDirectory: directory.path, configurationFile: configuration)
            options.documents = documents
            let report = Generator(options: options).run()
            #expect(report.messages == [])
            return try #require(directory.read(output))
        }
        #expect(try generated(configuration: on).contains("extension Library: DocumentRoot {"))
        #expect(try generated(configuration: on).contains("extension Shelf: DocumentNode {"))
        #expect(try !generated(configuration: nil).contains("Document"))
        #expect(try !generated(configuration: off).contains("Document"))
        #expect(try generated(configuration: off, documents: true).contains("extension Library: DocumentRoot {"))
        #expect(try !generated(configuration: on, documents: false).contains("Document"))
    }

    @Test func withDocumentsExtensionsInFilesWithoutAnnotationsAreRead() throws {
        let directory = try TemporaryDirectory()
        try directory.write("Library.swift", smallModel.replacingOccurrences(
            of: "var _title = \"\"", with: "var _title: String\n\n    init(title: String) { _title = title }"))
        // The `init()` that documents need, in a file without annotations: read with documents on.
        try directory.write("Shelf+Documents.swift", "extension Shelf {\n    convenience init() { self.init(title: \"\") }\n}\n")
        var options = GeneratorOptions(inputs: [directory.path], outputDirectory: directory.path + "/Out")
        options.documents = true
        let report = Generator(options: options).run()
        #expect(report.messages == [])
        #expect(directory.read("Out/" + output)?.contains("static func _rippleMake() -> any DocumentNode { Shelf() }") == true)
    }

    @Test func configurationErrorsStopGeneration() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("Library.swift", smallModel)
        let configuration = try directory.write("ripple.json", "{\n    \"acessLevel\": \"public\"\n}\n")
        let report = Generator(options: GeneratorOptions(inputs: [path], outputDirectory: directory.path, configurationFile: configuration)).run()
        #expect(report.messages == ["\(configuration):2:5: error: unknown key 'acessLevel'; did you mean 'accessLevel'?"])
        #expect(directory.read(output) == nil)
    }

    // MARK: Templates

    @Test func aTemplatesFolderReplacesOnlyTheTemplatesItHolds() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("Library.swift", smallModel)
        try directory.write("Templates/File.swift.ripple", """
            // Custom header.
            {% for class in classes %}
            // {{ class.name }}
            {% include "Scheme.swift.ripple" %}
            {% endfor %}

            """)
        let report = Generator(options: GeneratorOptions(
            inputs: [path], outputDirectory: directory.path, templatesDirectory: directory.path + "/Templates")).run()
        #expect(report.messages == [])
        let code = try #require(directory.read(output))
        #expect(code.hasPrefix("// Custom header.\n// Library\n    /// The typed paths of a `Library` model"))
    }

    @Test func aTemplateThatReplacesNothingIsAWarning() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("Library.swift", smallModel)
        let template = try directory.write("Templates/Accesor.swift.ripple", "")
        let report = Generator(options: GeneratorOptions(
            inputs: [path], outputDirectory: directory.path, templatesDirectory: directory.path + "/Templates")).run()
        #expect(report.messages == [
            "\(template):1:1: warning: template 'Accesor.swift.ripple' replaces no built-in template and no template "
                + "includes it; did you mean 'Accessor.swift.ripple'?",
        ])
        #expect(report.wroteOutput)
    }

    @Test func templateErrorsAreReportedAtTheirLine() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("Library.swift", smallModel)
        let broken = try directory.write("Templates/Accessor.swift.ripple", "    var {{ member.nmae }}: Int\n")
        let syntax = try directory.write("Templates/Scheme.swift.ripple", "{% if class.isRoot %}\n")
        let options = GeneratorOptions(inputs: [path], outputDirectory: directory.path, templatesDirectory: directory.path + "/Templates")
        let report = Generator(options: options).run()
        #expect(report.messages == [
            "\(syntax):2:1: error: unclosed '{% if %}' opened at 1:1; add '{% endif %}'",
        ])
        try FileManager.default.removeItem(atPath: syntax)
        let second = Generator(options: options).run()
        #expect(second.messages == [
            "\(broken):1:12: error: variable 'member.nmae' is not defined; did you mean 'member.name'?",
        ])
        #expect(directory.read(output) == nil)
    }

    @Test func aTemplatesFolderThatIsAFileIsAnError() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("Library.swift", smallModel)
        let report = Generator(options: GeneratorOptions(inputs: [path], outputDirectory: directory.path, templatesDirectory: path)).run()
        #expect(report.messages == [
            "error: '\(path)' is a file, and the templates are a folder: name the folder that holds the *.ripple templates",
        ])
    }

    @Test func aMissingTemplatesFolderIsAnError() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("Library.swift", smallModel)
        let report = Generator(options: GeneratorOptions(
            inputs: [path], outputDirectory: directory.path, templatesDirectory: directory.path + "/Nowhere")).run()
        #expect(report.messages == ["error: templates folder '\(directory.path)/Nowhere' does not exist"])
    }
}
