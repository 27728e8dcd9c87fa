import Foundation
import PackagePlugin

/// Writes `RippleGenerated.swift` next to a target's annotated sources, for review or commit.
///
/// ```
/// swift package --allow-writing-to-package-directory ripple-generate              # every annotated target
/// swift package --allow-writing-to-package-directory ripple-generate --target Model
/// ```
///
/// Without `--target`, it generates for every Swift source target (test targets excepted)
/// that holds at least one annotation. It runs `ripple-gen` over the target's Swift files,
/// never over the `RippleGenerated.swift` it wrote before, with `--config ripple.json` when
/// the target has one; the file is rewritten only when its content changes.
///
/// Use either this command (and commit the generated file) or the `RipplePlugin` build
/// plugin (which generates while building), not both: the build plugin reports a target
/// that holds a `RippleGenerated.swift`.
@main
struct RippleGenerate: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let names = try Self.targetNames(in: arguments)
        let candidates = context.package.targets.compactMap { $0 as? SwiftSourceModuleTarget }
        for name in names where !candidates.contains(where: { $0.name == name }) {
            throw RippleGenerateError.unknownTarget(name, available: candidates.map(\.name))
        }
        let generator = try context.tool(named: RippleInvocation.toolName).url
        var generated = 0
        for target in candidates {
            let configuration = target.directoryURL.appendingPathComponent(RippleInvocation.configurationFileName)
            let invocation = RippleInvocation(
                files: target.sourceFiles,
                configuration: FileManager.default.fileExists(atPath: configuration.path) ? configuration : nil,
                outputDirectory: target.directoryURL)
            if names.isEmpty ? target.kind != .test && invocation.hasAnnotations : names.contains(target.name) {
                try Self.run(generator, invocation, target: target.name)
                generated += 1
            }
        }
        if generated == 0 { print("ripple-generate: no target holds Ripple annotations; nothing to do") }
    }

    /// The names given with `--target`; anything else is an error.
    static func targetNames(in arguments: [String]) throws -> [String] {
        var extractor = ArgumentExtractor(arguments)
        let names = extractor.extractOption(named: "target")
        if !extractor.remainingArguments.isEmpty {
            throw RippleGenerateError.unexpectedArguments(extractor.remainingArguments)
        }
        return names
    }

    /// Runs `ripple-gen`, whose diagnostics go straight to standard error.
    static func run(_ generator: URL, _ invocation: RippleInvocation, target: String) throws {
        let process = Process()
        process.executableURL = generator
        process.arguments = invocation.arguments
        try process.run()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw RippleGenerateError.generatorFailed(target: target, status: process.terminationStatus)
        }
        print("ripple-generate: \(target): \(invocation.outputFile.path)")
    }
}

extension RippleInvocation {
    /// Whether any source holds an annotation (`// ripple:`, or the prefix of `ripple.json`).
    var hasAnnotations: Bool {
        let configuration = RippleConfiguration(contentsOf: configuration)
        return sources.contains { source in
            (try? String(contentsOf: source, encoding: .utf8)).map(configuration.hasAnnotations) ?? false
        }
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension RippleGenerate: XcodeCommandPlugin {
    /// The same for the targets of an Xcode project (Xcode passes the chosen ones as
    /// `--target`); each target's file goes into the folder that holds all its Swift sources.
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
        let names = try Self.targetNames(in: arguments)
        let generator = try context.tool(named: RippleInvocation.toolName).url
        var generated = 0
        for target in context.xcodeProject.targets where names.isEmpty || names.contains(target.displayName) {
            let swiftFiles = target.inputFiles.map(\.url).filter {
                $0.pathExtension == "swift" && $0.lastPathComponent != RippleInvocation.generatedFileName
            }
            guard let folder = Self.commonFolder(of: swiftFiles) else { continue }
            let configuration = target.inputFiles.first { $0.url.lastPathComponent == RippleInvocation.configurationFileName }
            let invocation = RippleInvocation(
                files: target.inputFiles, configuration: configuration?.url, outputDirectory: folder)
            if names.isEmpty, !invocation.hasAnnotations { continue }
            try Self.run(generator, invocation, target: target.displayName)
            generated += 1
        }
        if generated == 0 { print("ripple-generate: no target holds Ripple annotations; nothing to do") }
    }

    /// The deepest folder that contains every one of `files`.
    static func commonFolder(of files: [URL]) -> URL? {
        guard var common = files.first?.deletingLastPathComponent().standardizedFileURL.pathComponents else { return nil }
        for file in files.dropFirst() {
            let components = file.deletingLastPathComponent().standardizedFileURL.pathComponents
            common = Array(zip(common, components).prefix { $0 == $1 }.map(\.0))
        }
        return URL(fileURLWithPath: NSString.path(withComponents: common), isDirectory: true)
    }
}
#endif
