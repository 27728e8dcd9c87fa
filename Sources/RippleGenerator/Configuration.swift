import Foundation

/// The settings of an optional `ripple.json`, next to a target's sources:
///
/// ```json
/// {
///     "annotationPrefix": "ripple",
///     "accessLevel": "public",
///     "templates": "RippleTemplates",
///     "observable": true,
///     "documents": true
/// }
/// ```
///
/// Every key is optional. `templates` is a folder relative to the JSON file; `observable`
/// makes the generated classes `Observation.Observable` (for SwiftUI); `documents` makes them
/// `DocumentRoot` and `DocumentNode`, which mediators save and open. Command-line
/// options override these settings. An unknown key is an error that names the nearest known
/// key, so that a typo cannot silently drop a setting.
package struct Configuration: Equatable, Sendable {
    /// The annotation language, read from the word annotations start with: `ripple` in
    /// `// ripple: node`.
    package var annotationLanguage: AnnotationLanguage?
    /// The access level of every generated member.
    package var accessLevel: AccessLevel?
    /// The templates folder, resolved against the JSON file's folder.
    package var templatesDirectory: String?
    /// Whether the generated classes conform to `Observation.Observable`.
    package var observable: Bool?
    /// Whether the generated classes conform to `DocumentRoot` and `DocumentNode`.
    package var documents: Bool?

    package init(annotationLanguage: AnnotationLanguage? = nil, accessLevel: AccessLevel? = nil, templatesDirectory: String? = nil) {
        self.annotationLanguage = annotationLanguage
        self.accessLevel = accessLevel
        self.templatesDirectory = templatesDirectory
    }

    /// The keys `ripple.json` may contain.
    package static let keys = ["accessLevel", "annotationPrefix", "documents", "observable", "templates"]

    /// Reads a configuration file.
    ///
    /// - Returns: The settings that could be read, and the diagnostics: located in the file (an
    ///   unknown key, a value of the wrong type, invalid JSON), or the file cannot be read.
    package static func load(path: String) -> (configuration: Configuration, diagnostics: [Diagnostic]) {
        guard let data = FileManager.default.contents(atPath: path) else {
            return (Configuration(), [GeneratorError.unreadableFile(path).diagnostic])
        }
        let text = String(decoding: data, as: UTF8.self)
        let source = SourceFile(path: path, text: text)
        var diagnostics = DiagnosticCollector()
        func report(_ message: ConfigurationMessage, key: String?) {
            diagnostics.report(message, in: path, at: location(of: key, in: source))
        }
        let object: Any
        do throws(JSONReader.Failure) {
            object = try JSONReader.value(of: source.bytes)
        } catch {
            diagnostics.report(ConfigurationMessage.invalidJSON(reason: error.message), in: source, atOffset: error.offset)
            return (Configuration(), diagnostics.diagnostics)
        }
        guard let dictionary = object as? [String: Any] else {
            report(.notAnObject, key: nil)
            return (Configuration(), diagnostics.diagnostics)
        }
        var configuration = Configuration()
        for key in dictionary.keys.sorted() {
            let value = dictionary[key]!
            guard keys.contains(key) else {
                report(.unknownKey(key, suggestion: nearestSpelling(of: key, in: keys)), key: key)
                continue
            }
            if key == "observable" || key == "documents" {
                guard let flag = value as? Bool else {
                    report(.notAFlag(key: key), key: key)
                    continue
                }
                if key == "observable" {
                    configuration.observable = flag
                } else {
                    configuration.documents = flag
                }
                continue
            }
            guard let string = value as? String else {
                report(.notAString(key: key), key: key)
                continue
            }
            switch key {
            case "annotationPrefix":
                guard isValidPrefix(string) else {
                    report(.invalidPrefix(string), key: key)
                    continue
                }
                configuration.annotationLanguage = AnnotationLanguage(prefix: string)
            case "accessLevel":
                guard let level = accessLevel(named: string) else {
                    report(.invalidAccessLevel(string), key: key)
                    continue
                }
                configuration.accessLevel = level
            default:
                let folder = (path as NSString).deletingLastPathComponent
                let directory = string.hasPrefix("/") || folder.isEmpty ? string : (folder as NSString).appendingPathComponent(string)
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) else {
                    report(.missingTemplatesFolder(string), key: key)
                    continue
                }
                guard isDirectory.boolValue else {
                    report(.templatesIsAFile(string), key: key)
                    continue
                }
                configuration.templatesDirectory = directory
            }
        }
        return (configuration, diagnostics.diagnostics)
    }

    /// Whether `prefix` can start annotations: a non-empty word.
    package static func isValidPrefix(_ prefix: String) -> Bool {
        !prefix.isEmpty && prefix.utf8.allSatisfy(SwiftText.isNameByte)
    }

    /// The access levels a configuration or `--access-level` may ask for.
    package static func accessLevel(named name: String) -> AccessLevel? {
        switch name {
        case "public": .public
        case "package": .package
        case "internal": .internal
        default: nil
        }
    }

    /// Where `"key":` is written in the file, or its start.
    private static func location(of key: String?, in source: SourceFile) -> SourceLocation {
        guard let key else { return SourceLocation(line: 1, column: 1) }
        let needle = Array("\"\(key)\"".utf8)
        let bytes = source.bytes
        guard needle.count <= bytes.count else { return SourceLocation(line: 1, column: 1) }
        for start in 0...(bytes.count - needle.count) where bytes[start..<(start + needle.count)].elementsEqual(needle) {
            var next = start + needle.count
            while next < bytes.count, bytes[next] == UInt8(ascii: " ") || bytes[next] == UInt8(ascii: "\t")
                || bytes[next] == UInt8(ascii: "\n") || bytes[next] == UInt8(ascii: "\r") {
                next += 1
            }
            if next < bytes.count, bytes[next] == UInt8(ascii: ":") {
                return source.location(ofOffset: start)
            }
        }
        return SourceLocation(line: 1, column: 1)
    }
}
