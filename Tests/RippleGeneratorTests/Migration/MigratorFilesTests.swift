import Foundation
import RippleGenerator
import RippleMigration
import Testing

/// Runs of `ripple-gen migrate` on folders: what is written, what is printed, what is not
/// touched.
@Suite struct MigratorFilesTests {
    static let fixture = RepositoryPaths.fixtures.appendingPathComponent("QuantwmMigration")

    /// Copies the fixture's unmigrated model into a fresh folder, as `Model/`.
    func copyFixtureModel() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        try FileManager.default.copyItem(
            at: Self.fixture.appendingPathComponent("Model"), to: directory.url.appendingPathComponent("Model"))
        return directory
    }

    /// The Swift files under `folder`, by path relative to it.
    func swiftFiles(in folder: URL) -> [String: String] {
        let paths = InputFiles.swiftFiles(in: [folder.path]).files
        return Dictionary(uniqueKeysWithValues: paths.map { path in
            (String(path.dropFirst(folder.path.count + 1)), (try? String(contentsOfFile: path, encoding: .utf8)) ?? "")
        })
    }

    @Test func theFixtureModelIsMigratedAsRecorded() throws {
        let directory = try copyFixtureModel()
        let model = directory.url.appendingPathComponent("Model")
        let report = Migrator(options: MigrationOptions(inputs: [model.path])).run()
        let printed = (report.summary + report.messages).map { $0.replacingOccurrences(of: directory.path + "/", with: "") }
            .joined(separator: "\n") + "\n"

        let expectedFolder = Self.fixture.appendingPathComponent("Migrated")
        let expectedPrinted = Self.fixture.appendingPathComponent("migrate.expected")
        if RepositoryPaths.isRecording {
            try? FileManager.default.removeItem(at: expectedFolder)
            try FileManager.default.copyItem(at: model, to: expectedFolder)
            try printed.write(to: expectedPrinted, atomically: true, encoding: .utf8)
            return
        }
        #expect(swiftFiles(in: model) == swiftFiles(in: expectedFolder))
        #expect(printed == (try String(contentsOf: expectedPrinted, encoding: .utf8)))
        #expect(report.exitStatus == 1, "the synthesized Codable of 'Shelf' is left for a person")
        #expect(report.writtenFiles.count == 4, "Title.swift has nothing to migrate")

        // Migrating again changes nothing, and the generator reads the result without an error.
        let again = Migrator(options: MigrationOptions(inputs: [model.path])).run()
        #expect(again.edits.isEmpty)
        #expect(again.writtenFiles.isEmpty)
        #expect(again.diagnostics == report.diagnostics, "what needs a person is still reported")
        let output = try TemporaryDirectory()
        let generated = Generator(options: GeneratorOptions(
            inputs: [model.path], outputDirectory: output.path, annotationLanguage: .quantwm)).run()
        #expect(!generated.hasErrors, "\(generated.messages)")
        #expect(generated.wroteOutput)
    }

    @Test func aFileWithNothingToMigrateIsNotWritten() throws {
        let directory = try copyFixtureModel()
        let title = directory.url.appendingPathComponent("Model/Shelves/Title.swift")
        let past = Date(timeIntervalSince1970: 1_000_000)
        try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: title.path)
        let before = try Data(contentsOf: title)
        _ = Migrator(options: MigrationOptions(inputs: [directory.path + "/Model"])).run()
        #expect(try Data(contentsOf: title) == before)
        let modified = try FileManager.default.attributesOfItem(atPath: title.path)[.modificationDate] as? Date
        #expect(modified == past)
    }

    @Test func aDryRunPrintsTheDiffAndWritesNothing() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("Shelf.swift", QuantwmMigrationTests.unmigratedShelf)
        let report = Migrator(options: MigrationOptions(inputs: [path], dryRun: true)).run()
        let name = String(path.dropFirst())
        #expect(report.diff == """
            --- a/\(name)
            +++ b/\(name)
            @@ -1,15 +1,9 @@
             import Foundation
             import Quantwm
            +import Ripple
             \("")
             class Shelf: NSObject, QWNode_S {
            +    let tracker = Tracker()
                 // sourcery: property
            -    fileprivate var _title = ""
            -
            -    // sourcery:inline:Shelf.QuantwmDeclarationInline
            -    let qwCounter = QWCounter(name: "Shelf")
            -    var title: String {
            -        get { return _title }
            -        set { _title = newValue }
            -    }
            -    // sourcery:end
            +    var _title = ""
             }
            \\ No newline at end of file

            """)
        #expect(directory.read("Shelf.swift") == QuantwmMigrationTests.unmigratedShelf)
        #expect(report.writtenFiles.isEmpty)
        #expect(report.summary == [
            "\(path):3: added 'import Ripple'",
            "\(path):4: added 'let tracker = Tracker()' to class 'Shelf'",
            "\(path):6: made '_title' internal (removed 'fileprivate')",
            "\(path):8: deleted the 'sourcery:inline' region (lines 8-14) with qwCounter, title",
            "migrate: would make 4 edits in 1 file; 1 error needs a person (above, on standard error)",
        ])
        // Diagnostics are on the lines of the file as it would be.
        #expect(report.messages == [
            "\(path):5:7: error: no class is annotated '// sourcery: root'; annotate the class at the top of the model",
        ])
    }

    @Test func aLinkedFileIsMigratedInPlaceOfItsTargetAndStaysALink() throws {
        let directory = try copyFixtureModel()
        let model = directory.url.appendingPathComponent("Model")
        let name = try #require(swiftFiles(in: model).filter { $0.value.contains("sourcery:inline") }.keys.sorted().first)
        let target = model.appendingPathComponent(name).path
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: target)
        let original = try String(contentsOfFile: target, encoding: .utf8)
        let link = directory.url.appendingPathComponent("Link.swift").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "Model/" + name)

        let report = Migrator(options: MigrationOptions(inputs: [link])).run()
        #expect(report.writtenFiles == [link])
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "Model/" + name)
        let migrated = try String(contentsOfFile: target, encoding: .utf8)
        #expect(migrated != original)
        #expect(!migrated.contains("sourcery:inline"))
        let permissions = try FileManager.default.attributesOfItem(atPath: target)[.posixPermissions] as? Int
        #expect(permissions == 0o640)
    }

    @Test func aMissingInputWritesNothing() throws {
        let directory = try copyFixtureModel()
        let missing = directory.path + "/Missing.swift"
        let report = Migrator(options: MigrationOptions(inputs: [directory.path + "/Model", missing])).run()
        #expect(report.messages == ["error: no such file or folder: '\(missing)'", "migrate: nothing was written"])
        #expect(report.summary == [])
        #expect(report.exitStatus == 1)
        #expect(swiftFiles(in: directory.url.appendingPathComponent("Model"))
            == swiftFiles(in: Self.fixture.appendingPathComponent("Model")))
    }

    @Test func anUnreadableInputWritesNothing() throws {
        let directory = try copyFixtureModel()
        let locked = try directory.write("Model/Locked.swift", "struct Locked {}\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: locked)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: locked) }
        // Whoever can read the file anyway (root) has nothing to test here.
        guard FileManager.default.contents(atPath: locked) == nil else { return }
        let report = Migrator(options: MigrationOptions(inputs: [directory.path + "/Model"])).run()
        #expect(report.messages == ["error: cannot read '\(locked)'", "migrate: nothing was written"])
        #expect(report.writtenFiles.isEmpty)
    }
}
