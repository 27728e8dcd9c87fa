import Foundation

/// The few keys of `ripple.json` that the plugins themselves need.
///
/// A file that cannot be read is treated as empty here: `ripple-gen` reads it again and
/// reports the problem with its path.
struct RippleConfiguration: Decodable {
    /// Replaces `ripple` in `// ripple:` annotations.
    var annotationPrefix: String?
    /// A folder of templates, relative to the configuration file.
    var templates: String?
    /// Where the configuration file is; not part of the JSON.
    private(set) var directory: URL?

    private enum CodingKeys: String, CodingKey {
        case annotationPrefix, templates
    }

    init(contentsOf file: URL?) {
        guard let file, let data = try? Data(contentsOf: file),
              let decoded = try? JSONDecoder().decode(Self.self, from: data) else { return }
        self = decoded
        directory = file.deletingLastPathComponent()
    }

    /// The files under ``templates``, which `ripple-gen` renders from instead of its own.
    var templateFiles: [URL] {
        guard let templates, let directory else { return [] }
        let folder = templates.hasPrefix("/")
            ? URL(fileURLWithPath: templates, isDirectory: true)
            : directory.appendingPathComponent(templates, isDirectory: true)
        let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
        return (files?.allObjects as? [URL] ?? [])
            .filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true }
            .sorted { $0.path < $1.path }
    }

    /// Whether `text` holds an annotation line, `// ripple:` or with the configured prefix.
    func hasAnnotations(_ text: String) -> Bool {
        let marker = (annotationPrefix ?? "ripple") + ":"
        return text.split(separator: "\n").contains { line in
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            guard trimmed.hasPrefix("//") else { return false }
            return trimmed.dropFirst(2).drop { $0 == " " || $0 == "\t" }.hasPrefix(marker)
        }
    }
}
