import Foundation
import RippleGenerator
import Testing

/// Fixture models in, checked-in expected Swift out, compared exactly.
///
/// Each folder of `Fixtures/` holds a model (any number of `.swift` files, in subfolders too),
/// an optional `ripple.json`, and `RippleGenerated.swift.expected`; a fixture whose model another
/// target compiles reads that target's files instead (``FixtureInputs``). After an intended change of
/// the generated code, re-record with `RIPPLE_RECORD=1 swift test --filter ReferenceTests`
/// and review the diff.
@Suite struct ReferenceTests {
    static let fixtures = [
        "AccessLevels", "Documents", "Empty", "ForcedAccessLevel", "Library", "MainActor", "MultipleFiles", "Nested",
        "Observable", "Quantwm", "Recursion", "Shapes", "Validation",
    ]

    @Test(arguments: fixtures)
    func generatedCodeMatchesTheExpectedFile(_ fixture: String) throws {
        let fixtureInputs = FixtureInputs(fixture)
        let output = try TemporaryDirectory()
        let options = GeneratorOptions(
            inputs: fixtureInputs.inputs, outputDirectory: output.path, configurationFile: fixtureInputs.configurationFile)
        let report = Generator(options: options).run()
        #expect(report.messages == [])
        let generated = try #require(output.read(GeneratorOptions.outputFileName))
        let expectedFile = fixtureInputs.directory.appendingPathComponent("RippleGenerated.swift.expected")
        if RepositoryPaths.isRecording {
            try generated.write(to: expectedFile, atomically: true, encoding: .utf8)
            return
        }
        let expected = try String(contentsOf: expectedFile, encoding: .utf8)
        #expect(generated == expected, "\(fixture): generated code differs; re-record with RIPPLE_RECORD=1 if intended")
    }

    /// `Generator.generate`, the pipeline in memory, makes what a run writes.
    @Test func inMemoryGenerationMatchesTheExpectedFile() throws {
        let library = FixtureInputs("Library")
        let sources = try library.inputs.map { path in
            (path: path, bytes: try [UInt8](Data(contentsOf: URL(fileURLWithPath: path))))
        }
        let generation = Generator.generate(sources)
        #expect(generation.diagnostics.isEmpty)
        #expect(generation.parsedFiles == sources.map(\.path))
        let expected = try String(contentsOf: library.directory.appendingPathComponent("RippleGenerated.swift.expected"), encoding: .utf8)
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
