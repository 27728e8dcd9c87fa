import Foundation
import PackagePlugin

/// Generates a target's Ripple accessors while it builds.
///
/// Apply it to a target that holds annotated model classes:
///
/// ```swift
/// .target(
///     name: "Model",
///     dependencies: [.product(name: "Ripple", package: "Ripple")],
///     plugins: [.plugin(name: "RipplePlugin", package: "Ripple")])
/// ```
///
/// It runs `ripple-gen` over the target's Swift files (and its `ripple.json`, if there is
/// one) into the plugin's work folder, and the build compiles the `RippleGenerated.swift`
/// found there as part of the target. The command reruns only when one of those files, or
/// the generator, changes.
///
/// Use either this plugin or the `ripple-generate` command (which writes
/// `RippleGenerated.swift` into the target for committing), not both: a target that already
/// holds a `RippleGenerated.swift` is reported instead of built twice.
@main
struct RipplePlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) async throws -> [Command] {
        guard let target = target as? SwiftSourceModuleTarget else { return [] }
        let configuration = target.directoryURL.appendingPathComponent(RippleInvocation.configurationFileName)
        return try Self.commands(
            target: target.name,
            files: target.sourceFiles,
            configuration: FileManager.default.fileExists(atPath: configuration.path) ? configuration : nil,
            generator: context.tool(named: RippleInvocation.toolName).url,
            workDirectory: context.pluginWorkDirectoryURL)
    }

    /// The one build command for a target, or an error if the target already has generated code.
    static func commands(
        target: String, files: some Sequence<File>, configuration: URL?, generator: URL, workDirectory: URL
    ) throws -> [Command] {
        if let committed = files.first(where: { $0.url.lastPathComponent == RippleInvocation.generatedFileName }) {
            throw RipplePluginError.generatedFileInTarget(target: target, file: committed.url.path)
        }
        var invocation = RippleInvocation(files: files, configuration: configuration, outputDirectory: workDirectory)
        // The build compiles what is in the work folder: a stale file must not outlive an error.
        invocation.removesStaleOutput = true
        return [
            .buildCommand(
                displayName: "Generating Ripple accessors for \(target)",
                executable: generator,
                arguments: invocation.arguments,
                inputFiles: invocation.inputFiles,
                outputFiles: [invocation.outputFile]),
        ]
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension RipplePlugin: XcodeBuildToolPlugin {
    /// The same command for a target of an Xcode project; its `ripple.json`, if any, is a
    /// file of the target.
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let configuration = target.inputFiles.first { $0.url.lastPathComponent == RippleInvocation.configurationFileName }
        return try Self.commands(
            target: target.displayName,
            files: target.inputFiles,
            configuration: configuration?.url,
            generator: context.tool(named: RippleInvocation.toolName).url,
            workDirectory: context.pluginWorkDirectoryURL)
    }
}
#endif
