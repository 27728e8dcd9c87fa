import Foundation
import RippleGenerator
import Testing

/// The runtime's own tracked nodes, `HistoryState` and `ActivityState`, are annotated like a
/// model and their conformances are what `ripple-gen --observable` writes for them (SwiftUI
/// reads them like an observable model), committed in
/// `Sources/Ripple/Generated/`: each file is the generator's output for its class, with two
/// edits a module cannot make through annotations (no `import Ripple` inside Ripple itself, and
/// setters internal: only the runtime writes these states). Re-record after an intended change
/// of the generated code with `RIPPLE_RECORD=1 swift test --filter RuntimeStatesTests`.
@Suite struct RuntimeStatesTests {
    static let states = [
        (name: "HistoryState", source: "Sources/Ripple/History/HistoryState.swift"),
        (name: "ActivityState", source: "Sources/Ripple/ActivityState.swift"),
    ]

    @Test(arguments: states.map(\.name))
    func committedConformanceIsWhatTheGeneratorWrites(_ name: String) throws {
        let source = try #require(Self.states.first { $0.name == name }).source
        let output = try TemporaryDirectory()
        var options = GeneratorOptions(inputs: [RepositoryPaths.root.appendingPathComponent(source).path], outputDirectory: output.path)
        options.observable = true
        let report = Generator(options: options).run()
        #expect(report.messages == [])
        let generated = Self.adaptedToTheRuntime(try #require(output.read(GeneratorOptions.outputFileName)))
        let committed = RepositoryPaths.root.appendingPathComponent("Sources/Ripple/Generated/\(name)+Generated.swift")
        if RepositoryPaths.isRecording {
            try generated.write(to: committed, atomically: true, encoding: .utf8)
            return
        }
        #expect(try String(contentsOf: committed, encoding: .utf8) == generated, "re-record with RIPPLE_RECORD=1 if intended")
    }

    /// The generated file without the import of Ripple, and with its stored members' setters
    /// internal.
    static func adaptedToTheRuntime(_ generated: String) -> String {
        generated.split(separator: "\n", omittingEmptySubsequences: false).compactMap { line -> String? in
            if line == "@_spi(RippleGenerated) import Ripple" { return nil }
            // A stored member's accessor has a setter; a computed one (`actions`) has none.
            if line.hasPrefix("    public var "), line.hasSuffix("{"), !line.contains("actions") {
                return "    public internal(set) var " + line.dropFirst("    public var ".count)
            }
            return String(line)
        }.joined(separator: "\n")
    }
}
