import Foundation

/// Writes files whole or not at all: the content goes to a hidden temporary file next to the
/// destination, which is then renamed over it, so a reader never sees a half-written file.
///
/// ```swift
/// try AtomicFile.write(Data(code.utf8), to: "Generated/RippleGenerated.swift", creatingDirectory: "Generated")
/// ```
///
/// Writing several files as one change: ``prepare(_:for:)`` all of them, then ``commit(_:to:)``
/// each; if a preparation fails, ``discard(_:)`` the others and nothing has changed.
///
/// A path that is a symbolic link writes the file it leads to, which keeps its permissions:
/// the link stays a link.
package enum AtomicFile {
    /// Writes `data` to `path`, creating `directory` (the folder of `path`) first if given.
    ///
    /// - Throws: ``GeneratorError/cannotWrite(path:reason:)`` with the system's reason.
    package static func write(_ data: Data, to path: String, creatingDirectory directory: String? = nil) throws(GeneratorError) {
        if let directory {
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            } catch {
                throw .cannotWrite(path: path, reason: error.localizedDescription)
            }
        }
        try commit(try prepare(data, for: path), to: path)
    }

    /// Writes `data` to a temporary file next to `path`, with the permissions of the file at
    /// `path` if there is one, and returns the temporary file's path.
    ///
    /// - Throws: ``GeneratorError/cannotWrite(path:reason:)``.
    package static func prepare(_ data: Data, for path: String) throws(GeneratorError) -> String {
        let path = resolvingLinks(path)
        let directory = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        let temporary = ((directory.isEmpty ? "." : directory) as NSString)
            .appendingPathComponent(".\(name).\(ProcessInfo.processInfo.processIdentifier).tmp")
        let permissions = (try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions]
        let attributes = permissions.map { [FileAttributeKey.posixPermissions: $0] }
        guard FileManager.default.createFile(atPath: temporary, contents: data, attributes: attributes) else {
            throw .cannotWrite(path: path, reason: "cannot create the temporary file '\(temporary)'")
        }
        return temporary
    }

    /// Renames a file made by ``prepare(_:for:)`` over `path`.
    ///
    /// - Throws: ``GeneratorError/cannotWrite(path:reason:)``; the temporary file is removed.
    package static func commit(_ temporary: String, to path: String) throws(GeneratorError) {
        guard rename(temporary, resolvingLinks(path)) == 0 else {
            let reason = String(cString: strerror(errno))
            discard(temporary)
            throw .cannotWrite(path: path, reason: reason)
        }
    }

    /// The file a path leads to: the path itself, or, for a symbolic link, the file at the end
    /// of its links (written in their place, so that the temporary file is made next to it and
    /// renamed over it, not over the link). A link to nothing leads to the path it names.
    static func resolvingLinks(_ path: String) -> String {
        var path = path
        // Links lead to links at most this many times, as the system's own limit (`ELOOP`).
        for _ in 0..<32 {
            guard let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: path) else { return path }
            path = destination.hasPrefix("/")
                ? destination
                : ((path as NSString).deletingLastPathComponent as NSString).appendingPathComponent(destination)
        }
        return path
    }

    /// Removes a temporary file that will not be committed.
    package static func discard(_ temporary: String) {
        try? FileManager.default.removeItem(atPath: temporary)
    }
}
