import Foundation
import RippleGenerator

/// Paths of the repository, found from this file so that tests run from anywhere.
enum RepositoryPaths {
    /// `Tests/RippleGeneratorTests`.
    static let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    /// `Tests/RippleGeneratorTests/Fixtures`.
    static let fixtures = testsDirectory.appendingPathComponent("Fixtures")
    /// The repository root.
    static let root = testsDirectory.deletingLastPathComponent().deletingLastPathComponent()

    /// Whether expected files are rewritten instead of compared (`RIPPLE_RECORD=1 swift test`).
    static let isRecording = ProcessInfo.processInfo.environment["RIPPLE_RECORD"] == "1"
}

/// The message of the usage error that `parse` throws; `nil` when the command line parses.
func usageMessage<Command>(_ parse: () throws(GeneratorOptions.UsageError) -> Command) -> String? {
    do {
        _ = try parse()
        return nil
    } catch {
        return error.message
    }
}

/// A fresh folder that is removed when the test ends.
final class TemporaryDirectory {
    let url: URL
    var path: String { url.path }

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("ripple-gen-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// Writes `text` to `name` (folders created as needed) and returns its path.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        let file = url.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }

    /// The text of `name`, or `nil` if there is no such file.
    func read(_ name: String) -> String? {
        try? String(contentsOf: url.appendingPathComponent(name), encoding: .utf8)
    }
}

/// A small valid model.
let smallModel = """
    import Ripple

    // ripple: root
    final class Library {
        let tracker = Tracker()

        // ripple: property
        var _count = 0

        // ripple: node
        var _shelves: [Shelf] = []
    }

    // ripple: node
    final class Shelf {
        let tracker = Tracker()

        // ripple: property
        var _title = ""
    }
    """
