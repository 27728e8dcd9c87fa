import Foundation
import RippleGenerator
import Testing

/// `BuiltInTemplates.swift` embeds the files of `Templates/`, so that `ripple-gen` needs no
/// resources. This test keeps the two in sync: it fails when they differ, and rewrites the
/// Swift file when run with `RIPPLE_RECORD=1`.
@Suite struct BuiltInTemplatesTests {
    static let templatesDirectory = RepositoryPaths.root.appendingPathComponent("Templates")
    static let swiftFile = RepositoryPaths.root.appendingPathComponent("Sources/RippleGenerator/Rendering/BuiltInTemplates.swift")

    @Test func builtInTemplatesMatchTheTemplatesFolder() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.templatesDirectory.path)
            .filter { $0.hasSuffix(".\(TemplateSet.fileExtension)") }
            .sorted()
        var sources: [(String, String)] = []
        for name in names {
            sources.append((name, try String(contentsOf: Self.templatesDirectory.appendingPathComponent(name), encoding: .utf8)))
        }
        let expected = Self.swiftSource(embedding: sources)
        if RepositoryPaths.isRecording {
            try expected.write(to: Self.swiftFile, atomically: true, encoding: .utf8)
            return
        }
        let current = try String(contentsOf: Self.swiftFile, encoding: .utf8)
        #expect(current == expected, "Templates/ changed: run 'RIPPLE_RECORD=1 swift test --filter BuiltInTemplatesTests'")
    }

    @Test func everyBuiltInTemplateParses() throws {
        let templates = TemplateSet.builtIn().templates
        #expect(templates[TemplateSet.entryName] != nil)
        #expect(templates.keys.sorted() == [
            "Accessor.swift.ripple", "Class.swift.ripple", "Document.swift.ripple", "File.swift.ripple",
            "MemberDescriptor.swift.ripple", "Scheme.swift.ripple",
        ])
    }

    /// The Swift file that embeds `sources` (name, text) as raw string literals.
    static func swiftSource(embedding sources: [(String, String)]) -> String {
        var lines = [
            "// Generated from the files of Templates/ by BuiltInTemplatesTests. Do not edit.",
            "// After changing a template: RIPPLE_RECORD=1 swift test --filter BuiltInTemplatesTests",
            "",
            "extension TemplateSet {",
            "    /// The source of every built-in template, by file name.",
            "    static let builtInSources: [String: String] = [",
        ]
        for (name, text) in sources {
            // Enough `#` that nothing in the text ends the literal or starts an escape.
            var hashes = "#"
            while text.contains("\"\"\"" + hashes) || text.contains("\\" + hashes) {
                hashes += "#"
            }
            lines.append("        \"\(name)\": \(hashes)\"\"\"")
            // The line break before the closing delimiter is not part of the literal.
            lines.append(text + "\n\"\"\"" + hashes + ",")
        }
        lines += ["    ]", "}"]
        return lines.joined(separator: "\n") + "\n"
    }
}
