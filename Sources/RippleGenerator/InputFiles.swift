import Foundation

/// The Swift files a command line names: files as given, folders searched recursively.
///
/// ```swift
/// let inputs = InputFiles.swiftFiles(in: ["Sources/Model", "Extra.swift"])
/// inputs.files    // sorted paths, each once
/// inputs.errors   // [.missingInput("Extra.swift")] if it does not exist
/// ```
///
/// Hidden files and folders (`.build`, `.git`) are skipped; a file named directly is taken
/// whatever its extension.
///
/// Each file and folder is taken once, by its real path (symbolic links resolved): a folder
/// holding a link to itself or to a folder above it (`ln -s . Model/again`) is searched once,
/// and a file named twice (`Model` and `./Model`, or a file and a link to it) is read once,
/// under the first of its paths in sorted order.
package enum InputFiles {
    /// The Swift files of `inputs`, sorted by path, without duplicates and without `excluded`
    /// (the generated file, which must not be read back), and an error for each input that does
    /// not exist.
    package static func swiftFiles(in inputs: [String], excluding excluded: String? = nil) -> (files: [String], errors: [GeneratorError]) {
        // The path kept for each real path: the first in sorted order.
        var files: [String: String] = [:]
        var searchedFolders: Set<String> = []
        var errors: [GeneratorError] = []
        let fileManager = FileManager.default
        func add(_ path: String) {
            let real = realPath(path)
            if let kept = files[real], kept <= path { return }
            files[real] = path
        }
        for input in inputs {
            var isDirectory: ObjCBool = false
            guard fileManager.fileExists(atPath: input, isDirectory: &isDirectory) else {
                errors.append(.missingInput(input))
                continue
            }
            guard isDirectory.boolValue else {
                add(input)
                continue
            }
            // Depth first, in sorted order; a folder already searched (by its real path) is skipped.
            var pending = [input]
            while let directory = pending.popLast() {
                guard searchedFolders.insert(realPath(directory)).inserted else { continue }
                let names = ((try? fileManager.contentsOfDirectory(atPath: directory)) ?? []).sorted()
                for name in names.reversed() where !name.hasPrefix(".") {
                    let path = (directory as NSString).appendingPathComponent(name)
                    var isFolder: ObjCBool = false
                    guard fileManager.fileExists(atPath: path, isDirectory: &isFolder) else { continue }
                    if isFolder.boolValue {
                        pending.append(path)
                    } else if name.hasSuffix(".swift") {
                        add(path)
                    }
                }
            }
        }
        if let excluded {
            files[realPath(excluded)] = nil
        }
        return (files.values.sorted(), errors)
    }

    /// The path with every symbolic link resolved, absolute; the standardized path when it
    /// cannot be resolved (it does not exist).
    private static func realPath(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return (path as NSString).standardizingPath }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The contents of the Swift files of `inputs`, in the order of their paths, and an error
    /// for each input that does not exist or cannot be read.
    package static func read(_ inputs: [String], excluding excluded: String? = nil) -> (sources: [(path: String, bytes: [UInt8])], errors: [GeneratorError]) {
        let (files, found) = swiftFiles(in: inputs, excluding: excluded)
        var errors = found
        var sources: [(path: String, bytes: [UInt8])] = []
        for path in files {
            guard let data = FileManager.default.contents(atPath: path) else {
                errors.append(.unreadableFile(path))
                continue
            }
            sources.append((path, [UInt8](data)))
        }
        return (sources, errors)
    }
}
