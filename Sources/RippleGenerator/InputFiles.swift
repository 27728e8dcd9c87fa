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
package enum InputFiles {
    /// The Swift files of `inputs`, sorted by path, without duplicates and without `excluded`
    /// (the generated file, which must not be read back), and an error for each input that does
    /// not exist.
    package static func swiftFiles(in inputs: [String], excluding excluded: String? = nil) -> (files: [String], errors: [GeneratorError]) {
        var files: Set<String> = []
        var errors: [GeneratorError] = []
        let fileManager = FileManager.default
        for input in inputs {
            var isDirectory: ObjCBool = false
            guard fileManager.fileExists(atPath: input, isDirectory: &isDirectory) else {
                errors.append(.missingInput(input))
                continue
            }
            guard isDirectory.boolValue else {
                files.insert(input)
                continue
            }
            var pending = [input]
            while let directory = pending.popLast() {
                let names = (try? fileManager.contentsOfDirectory(atPath: directory)) ?? []
                for name in names where !name.hasPrefix(".") {
                    let path = (directory as NSString).appendingPathComponent(name)
                    var isFolder: ObjCBool = false
                    guard fileManager.fileExists(atPath: path, isDirectory: &isFolder) else { continue }
                    if isFolder.boolValue {
                        pending.append(path)
                    } else if name.hasSuffix(".swift") {
                        files.insert(path)
                    }
                }
            }
        }
        let excluded = excluded.map { ($0 as NSString).standardizingPath }
        return (files.filter { ($0 as NSString).standardizingPath != excluded }.sorted(), errors)
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
