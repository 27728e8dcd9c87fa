// Shared by RipplePlugin and RippleGenerate: each plugin directory links this folder in as
// `PluginsShared`, because a plugin target cannot depend on a library.

import Foundation
import PackagePlugin

/// One run of `ripple-gen` over one target: its Swift sources, its optional `ripple.json`,
/// and the folder that receives `RippleGenerated.swift`.
struct RippleInvocation {
    /// The executable the plugins run: `ripple-gen` without `migrate`, which a package that
    /// applies a plugin then does not build.
    static let toolName = "ripple-gen-plugin-tool"
    /// The one file `ripple-gen --output` writes.
    static let generatedFileName = "RippleGenerated.swift"
    /// The optional configuration file, next to the target's sources.
    static let configurationFileName = "ripple.json"

    /// The Swift sources to read, sorted by path so that the command line is stable.
    let sources: [URL]
    /// The target's `ripple.json`, if it has one.
    let configuration: URL?
    /// Where `RippleGenerated.swift` goes.
    let outputDirectory: URL
    /// Whether a run with errors deletes the `RippleGenerated.swift` of an earlier run
    /// (`--remove-stale-output`): in the build plugin's work folder, where the build would
    /// compile it; not in a target's folder, where the file is the user's.
    var removesStaleOutput = false

    /// Collects the Swift files among `files`, leaving out any `RippleGenerated.swift`: a
    /// previously generated file is output, never input.
    init(files: some Sequence<File>, configuration: URL?, outputDirectory: URL) {
        sources = files
            .map(\.url)
            .filter { $0.pathExtension == "swift" && $0.lastPathComponent != Self.generatedFileName }
            .sorted { $0.path < $1.path }
        self.configuration = configuration
        self.outputDirectory = outputDirectory
    }

    /// The file `ripple-gen` writes.
    var outputFile: URL {
        outputDirectory.appendingPathComponent(Self.generatedFileName)
    }

    /// The command line: `--output <dir> [--remove-stale-output] [--config <file>] <sources>...`.
    var arguments: [String] {
        var arguments = ["--output", outputDirectory.path]
        if removesStaleOutput { arguments.append("--remove-stale-output") }
        if let configuration { arguments += ["--config", configuration.path] }
        return arguments + sources.map(\.path)
    }

    /// Every file whose change must regenerate: the sources, `ripple.json`, and the files of
    /// the templates folder it names.
    var inputFiles: [URL] {
        guard let configuration else { return sources }
        return sources + [configuration] + RippleConfiguration(contentsOf: configuration).templateFiles
    }
}
