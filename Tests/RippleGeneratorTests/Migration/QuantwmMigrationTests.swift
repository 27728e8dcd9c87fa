import Foundation
import RippleGenerator
import RippleMigration
import Testing

/// Runs of the generator over Quantwm models, before and after their migration.
@Suite struct QuantwmMigrationTests {
    /// A Quantwm node as Sourcery left it.
    static let unmigratedShelf = """
        import Foundation
        import Quantwm

        class Shelf: NSObject, QWNode_S {
            // sourcery: property
            fileprivate var _title = ""

            // sourcery:inline:Shelf.QuantwmDeclarationInline
            let qwCounter = QWCounter(name: "Shelf")
            var title: String {
                get { return _title }
                set { _title = newValue }
            }
            // sourcery:end
        }
        """

    @Test func anUnmigratedModelIsReportedLineByLineAndWritesNothing() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("Model/Shelf.swift", Self.unmigratedShelf)
        let report = Generator(options: GeneratorOptions(
            inputs: [directory.path + "/Model"], outputDirectory: directory.path, annotationLanguage: .quantwm)).run()
        #expect(report.messages == [
            "\(path):4:7: error: no class is annotated '// sourcery: root'; annotate the class at the top of the model",
            "\(path):4:7: error: class 'Shelf' has no tracker; add 'let tracker = Tracker()' to its body",
            "\(path):6:21: error: '_title' is fileprivate, but Ripple's generated accessors live in another file; "
                + "make it internal (remove 'fileprivate')",
            "\(path):8:5: error: the 'sourcery:inline' region (lines 8-14) holds what an old Sourcery template "
                + "generated (qwCounter, title); delete the region, or run 'ripple-gen migrate': Ripple generates "
                + "'title' itself and replaces the rest",
        ])
        #expect(directory.read(GeneratorOptions.outputFileName) == nil)
    }

    @Test func theConfigurationChoosesTheDialect() throws {
        let directory = try TemporaryDirectory()
        try directory.write("ripple.json", #"{ "annotationPrefix": "sourcery" }"#)
        // Only markers, no annotation: the fast scan must not skip the file.
        try directory.write("Model/Library.swift", """
            import Ripple

            class Library: QWRoot_S {
                let tracker = Tracker()
            }

            protocol QWRoot_S {}
            """)
        let report = Generator(options: GeneratorOptions(
            inputs: [directory.path + "/Model"], outputDirectory: directory.path,
            configurationFile: directory.path + "/ripple.json")).run()
        #expect(report.messages == [])
        #expect(report.scheme.root?.name == "Library")
        #expect(directory.read(GeneratorOptions.outputFileName)?.contains("extension Library: RippleRoot") == true)
    }
}
