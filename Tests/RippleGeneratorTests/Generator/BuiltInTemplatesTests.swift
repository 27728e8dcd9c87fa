import Foundation
import RippleGenerator
import Testing

/// `BuiltInTemplates.swift` and one `BuiltInTemplates+<Name>.swift` per template embed the files
/// of `Templates/`, so that `ripple-gen` needs no resources. This test keeps the two in sync: it
/// fails when they differ, and rewrites the Swift files when run with `RIPPLE_RECORD=1`.
@Suite struct BuiltInTemplatesTests {
    static let templatesDirectory = RepositoryPaths.root.appendingPathComponent("Templates")
    static let renderingDirectory = RepositoryPaths.root.appendingPathComponent("Sources/RippleGenerator/Rendering")

    @Test func builtInTemplatesMatchTheTemplatesFolder() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.templatesDirectory.path)
            .filter { $0.hasSuffix(".\(TemplateSet.fileExtension)") }
            .sorted()
        var sources: [(String, String)] = []
        for name in names {
            sources.append((name, try String(contentsOf: Self.templatesDirectory.appendingPathComponent(name), encoding: .utf8)))
        }
        let expected = Self.swiftFiles(embedding: sources)
        let existing = try FileManager.default.contentsOfDirectory(atPath: Self.renderingDirectory.path)
            .filter { $0 == "BuiltInTemplates.swift" || ($0.hasPrefix("BuiltInTemplates+") && $0.hasSuffix(".swift")) }
        if RepositoryPaths.isRecording {
            for name in existing where expected[name] == nil {
                try FileManager.default.removeItem(at: Self.renderingDirectory.appendingPathComponent(name))
            }
            for (name, text) in expected {
                try text.write(to: Self.renderingDirectory.appendingPathComponent(name), atomically: true, encoding: .utf8)
            }
            return
        }
        let message: Testing.Comment = "Templates/ changed: run 'RIPPLE_RECORD=1 swift test --filter BuiltInTemplatesTests'"
        #expect(existing.sorted() == expected.keys.sorted(), message)
        for (name, text) in expected {
            let current = try? String(contentsOf: Self.renderingDirectory.appendingPathComponent(name), encoding: .utf8)
            #expect(current == text, message)
        }
    }

    @Test func everyBuiltInTemplateParses() throws {
        let templates = TemplateSet.builtIn().templates
        #expect(templates[TemplateSet.entryName] != nil)
        #expect(templates.keys.sorted() == [
            "Accessor.swift.ripple", "Class.swift.ripple", "Document.swift.ripple", "File.swift.ripple",
            "MemberDescriptor.swift.ripple", "Scheme.swift.ripple",
        ])
    }

    /// The Swift files that embed `sources` (name, text), by file name: `BuiltInTemplates.swift`
    /// with the dictionary, and one file per template with its text as a raw string literal.
    static func swiftFiles(embedding sources: [(String, String)]) -> [String: String] {
        let header = [
            "// Generated from the files of Templates/ by BuiltInTemplatesTests. Do not edit.",
            "// After changing a template: RIPPLE_RECORD=1 swift test --filter BuiltInTemplatesTests",
            "",
        ]
        var files: [String: String] = [:]
        var lines = header + [
            "extension TemplateSet {",
            "    /// The source of every built-in template, by file name.",
            "    static let builtInSources: [String: String] = [",
        ]
        for (name, text) in sources {
            // `Accessor.swift.ripple` is `builtInAccessor` in `BuiltInTemplates+Accessor.swift`.
            let stem = String(name.prefix { $0 != "." })
            lines.append("        \"\(name)\": builtIn\(stem),")
            // Enough `#` that nothing in the text ends the literal or starts an escape.
            var hashes = "#"
            while text.contains("\"\"\"" + hashes) || text.contains("\\" + hashes) {
                hashes += "#"
            }
            let file = header + [
                "extension TemplateSet {",
                "    /// The source of the built-in template `\(name)`.",
                "    static let builtIn\(stem) = \(hashes)\"\"\"",
                // The line break before the closing delimiter is not part of the literal.
                text + "\n\"\"\"" + hashes,
                "}",
            ]
            files["BuiltInTemplates+\(stem).swift"] = file.joined(separator: "\n") + "\n"
        }
        lines += ["    ]", "}"]
        files["BuiltInTemplates.swift"] = lines.joined(separator: "\n") + "\n"
        return files
    }
}
