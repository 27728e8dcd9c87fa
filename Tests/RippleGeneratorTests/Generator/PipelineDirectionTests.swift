import Foundation
import RippleGenerator
import Testing

/// The generator's stages refer to one another in one direction only: Diagnostics (shared)
/// refers to no stage, Lexing to Diagnostics, Parsing to Lexing, the scheme to Parsing, and
/// Rendering to the scheme; a stage never reaches back to a later one. Read with the generator's
/// own lexer and parser: a stage's names are its files' top-level types and functions that
/// other files can see.
@Suite struct PipelineDirectionTests {
    /// The stage folders of `Sources/RippleGenerator`, in pipeline order.
    static let stages = ["Diagnostics", "Lexing", "Parsing", "Scheme", "Rendering"]

    static func files(of stage: String) -> [String] {
        SelfScanTests.swiftFiles(in: [RepositoryPaths.root.appendingPathComponent("Sources/RippleGenerator/\(stage)").path])
            .sorted()
    }

    static func source(_ path: String) -> SourceFile {
        SourceFile(path: path, bytes: FileManager.default.contents(atPath: path).map { [UInt8]($0) } ?? [])
    }

    /// The names a stage declares for other files: top-level types and functions, not private.
    static func names(of stage: String) -> Set<String> {
        var names: Set<String> = []
        for path in files(of: stage) {
            let parsed = SwiftParser.parse(source(path))
            let isVisible = { (modifiers: [String]) in !modifiers.contains("private") && !modifiers.contains("fileprivate") }
            names.formUnion(parsed.types.filter { $0.kind != .extension && isVisible($0.modifiers) }.map(\.name))
            names.formUnion(parsed.functions.filter { isVisible($0.modifiers) }.map(\.name))
        }
        return names
    }

    @Test func noStageRefersToALaterOne() {
        let names = Self.stages.map(Self.names(of:))
        #expect(names.allSatisfy { !$0.isEmpty })
        var references: [String] = []
        for (position, stage) in Self.stages.enumerated() {
            let later = names[(position + 1)...].reduce(into: Set<String>()) { $0.formUnion($1) }
            for path in Self.files(of: stage) {
                let file = Self.source(path)
                let used = Set(Lexer.tokenize(file).tokens.filter { $0.kind == .identifier }.map { file.text($0.range) })
                for name in used.intersection(later).subtracting(names[position]).sorted() {
                    references.append("\(stage)/\(URL(fileURLWithPath: path).lastPathComponent) refers to \(name)")
                }
            }
        }
        #expect(references == [])
    }
}
