import Foundation
import RippleGenerator
import Testing

/// Fixture models in, checked-in expected Swift out, compared exactly.
///
/// Each folder of `Fixtures/` holds a model (any number of `.swift` files, in subfolders too),
/// an optional `ripple.json`, and `RippleGenerated.swift.expected`. After an intended change of
/// the generated code, re-record with `RIPPLE_RECORD=1 swift test --filter ReferenceTests`
/// and review the diff.
@Suite struct ReferenceTests {
    static let fixtures = [
        "AccessLevels", "Documents", "Empty", "ForcedAccessLevel", "Library", "MainActor", "MultipleFiles", "Nested",
        "Observable", "Quantwm", "Recursion", "Shapes", "Validation",
    ]

    @Test(arguments: fixtures)
    func generatedCodeMatchesTheExpectedFile(_ fixture: String) throws {
        let directory = RepositoryPaths.fixtures.appendingPathComponent(fixture)
        let configuration = directory.appendingPathComponent("ripple.json")
        let output = try TemporaryDirectory()
        let options = GeneratorOptions(
            inputs: [directory.path], outputDirectory: output.path,
            configurationFile: FileManager.default.fileExists(atPath: configuration.path) ? configuration.path : nil)
        let report = Generator(options: options).run()
        #expect(report.messages == [])
        let generated = try #require(output.read(GeneratorOptions.outputFileName))
        let expectedFile = directory.appendingPathComponent("RippleGenerated.swift.expected")
        if RepositoryPaths.isRecording {
            try generated.write(to: expectedFile, atomically: true, encoding: .utf8)
            return
        }
        let expected = try String(contentsOf: expectedFile, encoding: .utf8)
        #expect(generated == expected, "\(fixture): generated code differs; re-record with RIPPLE_RECORD=1 if intended")
    }

    /// The runtime tests compile the generated code of their models; the fixtures must be the
    /// same models, so that what is diffed here is what runs there.
    @Test(arguments: ["Library", "Job", "Node", "Gauge", "Specimen", "Palette"])
    func runtimeTestModelsAreTheFixtures(_ model: String) throws {
        let runtimeModel = RepositoryPaths.root.appendingPathComponent("Tests/RippleTests/Model/\(model).swift")
        let fixture = RepositoryPaths.fixtures.appendingPathComponent("Library/\(model).swift")
        #expect(try String(contentsOf: fixture, encoding: .utf8) == String(contentsOf: runtimeModel, encoding: .utf8))
    }

    /// The observable runtime tests compile the generated code of the Observable fixture's model.
    @Test func observationTestModelIsTheFixture() throws {
        for file in ["Model/Document.swift", "ripple.json"] {
            let runtimeFile = RepositoryPaths.root.appendingPathComponent("Tests/RippleObservationTests/\(file)")
            let fixture = RepositoryPaths.fixtures.appendingPathComponent("Observable/\((file as NSString).lastPathComponent)")
            #expect(try String(contentsOf: fixture, encoding: .utf8) == String(contentsOf: runtimeFile, encoding: .utf8))
        }
    }

    /// The integration package compiles the generated code of the MainActor fixture's model in
    /// a target isolated to the main actor by default (`Tests/IntegrationPackage/run.sh`).
    @Test func mainActorModelIsTheFixture() throws {
        for file in ["Board.swift", "ripple.json"] {
            let integrationFile = RepositoryPaths.root.appendingPathComponent("Tests/IntegrationPackage/Sources/MainActorModel/\(file)")
            let fixture = RepositoryPaths.fixtures.appendingPathComponent("MainActor/\(file)")
            #expect(try String(contentsOf: fixture, encoding: .utf8) == String(contentsOf: integrationFile, encoding: .utf8))
        }
    }

    /// The integration package compiles the generated code of the Documents fixture's model in
    /// a nonisolated target, and opens what it saves.
    @Test func documentsModelIsTheFixture() throws {
        for file in ["Atlas.swift", "ripple.json"] {
            let integrationFile = RepositoryPaths.root.appendingPathComponent("Tests/IntegrationPackage/Sources/DocumentsModel/\(file)")
            let fixture = RepositoryPaths.fixtures.appendingPathComponent("Documents/\(file)")
            #expect(try String(contentsOf: fixture, encoding: .utf8) == String(contentsOf: integrationFile, encoding: .utf8))
        }
    }

    /// `Generator.generate`, the pipeline in memory, makes what a run writes.
    @Test func inMemoryGenerationMatchesTheExpectedFile() throws {
        let directory = RepositoryPaths.fixtures.appendingPathComponent("Library")
        let sources = try ["Gauge.swift", "Job.swift", "Library.swift", "Node.swift", "Palette.swift", "Specimen.swift"].map { name in
            let path = directory.appendingPathComponent(name).path
            return (path: path, bytes: try [UInt8](Data(contentsOf: URL(fileURLWithPath: path))))
        }
        let generation = Generator.generate(sources)
        #expect(generation.diagnostics.isEmpty)
        #expect(generation.parsedFiles == sources.map(\.path))
        let expected = try String(contentsOf: directory.appendingPathComponent("RippleGenerated.swift.expected"), encoding: .utf8)
        #expect(generation.code == expected)

        let broken = Generator.generate([(path: "Broken.swift", bytes: Array("// ripple: node\nstruct S {}\n".utf8))])
        #expect(broken.code == nil)
        #expect(broken.diagnostics.map(\.description).contains { $0.hasPrefix("Broken.swift:1:12: error:") })
    }

    @Test func outputIsTheSameForTheSameInput() throws {
        let directory = RepositoryPaths.fixtures.appendingPathComponent("Shapes").path
        let first = try TemporaryDirectory()
        let second = try TemporaryDirectory()
        _ = Generator(options: GeneratorOptions(inputs: [directory], outputDirectory: first.path)).run()
        _ = Generator(options: GeneratorOptions(inputs: [directory], outputDirectory: second.path)).run()
        #expect(first.read(GeneratorOptions.outputFileName) == second.read(GeneratorOptions.outputFileName))
    }
}
