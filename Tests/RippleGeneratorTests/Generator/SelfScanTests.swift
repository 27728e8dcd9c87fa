import Foundation
import RippleGenerator
import Testing

/// The generator over this repository's own Swift sources: real code, written by hand and
/// without deliberate mistakes, must parse cleanly and generate without errors.
///
/// Each target folder is one run, as the plugins run it: `ripple-demo`, `RippleTests`,
/// `ripple-crash-child`, the benchmark package's and the integration package's model targets
/// each hold a model with its own root; the other targets hold no annotations, only code that
/// mentions them (in strings, doc comments and tests). The fixtures are left out: they contain deliberate mistakes. The
/// runtime's own tracked nodes are each a model of their own (see `RuntimeStatesTests`).
@Suite struct SelfScanTests {
    /// Target folders relative to the repository root, each one run of the generator.
    static let targets: [String] = {
        func subfolders(_ path: String) -> [String] {
            let url = RepositoryPaths.root.appendingPathComponent(path)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
            return names.filter { name in
                var isDirectory: ObjCBool = false
                return !name.hasPrefix(".")
                    && FileManager.default.fileExists(atPath: url.appendingPathComponent(name).path, isDirectory: &isDirectory)
                    && isDirectory.boolValue
            }.sorted().map { "\(path)/\($0)" }
        }
        return subfolders("Sources") + subfolders("Plugins")
            + ["Tests/RippleTests", "Tests/RippleGeneratorTests", "Tests/RippleGeneratorRuntimeTests", "Tests/RippleObservationTests",
               "Tests/RippleMainActorTests", "Tests/RippleCrashChild"]
            + subfolders("Tests/IntegrationPackage/Sources")
            // CSQLite holds a module map and a header, no Swift.
            + subfolders("Tests/Benchmarks/Sources").filter { $0 != "Tests/Benchmarks/Sources/CSQLite" }
    }()

    /// The targets that hold a model, and the root class of each.
    static let modelRoots = [
        "Tests/Benchmarks/Sources/ripple-bench": "BenchRoot", "Sources/ripple-demo": "MusicLibrary", "Tests/RippleTests": "Library",
        "Tests/IntegrationPackage/Sources/LibraryModel": "Library",
        "Tests/Benchmarks/Sources/RippleBenchObservable": "ObservableBenchRoot",
        "Tests/Benchmarks/Sources/durability-bench": "Ledger", "Tests/RippleCrashChild": "CrashDocument",
        "Tests/RippleObservationTests": "Document", "Tests/IntegrationPackage/Sources/MainActorModel": "Board",
        "Tests/IntegrationPackage/Sources/MixedModel": "Journal", "Tests/RippleMainActorTests": "Studio",
        "Tests/IntegrationPackage/Sources/DocumentsModel": "Atlas", "Tests/Benchmarks/Sources/RippleBenchWorkbook": "Workbook",
        "Tests/Benchmarks/Sources/RippleBenchBoard": "PointBoard",
    ]

    @Test func everyTargetFolderIsScanned() {
        for target in ["Sources/Ripple", "Sources/RippleGenerator", "Sources/ripple-gen", "Plugins/RipplePlugin"]
            + Array(Self.modelRoots.keys) {
            #expect(Self.targets.contains(target), "\(target) is not scanned")
        }
    }

    @Test(arguments: targets.filter { $0 != "Sources/Ripple" })
    func targetGeneratesWithoutProblems(_ target: String) throws {
        let output = try TemporaryDirectory()
        // Like the plugins, read the target's `ripple.json` if it has one.
        let configuration = RepositoryPaths.root.appendingPathComponent(target).appendingPathComponent("ripple.json").path
        let report = Generator(options: GeneratorOptions(
            inputs: Self.inputs(of: target), outputDirectory: output.path,
            configurationFile: FileManager.default.fileExists(atPath: configuration) ? configuration : nil)).run()
        #expect(report.messages == [])
        #expect(report.outputFile != nil)
        #expect(report.scheme.root?.qualifiedName == Self.modelRoots[target])
    }

    @Test func everySourceFileParsesWithoutDiagnostics() throws {
        let files = Self.targets.flatMap { Self.swiftFiles(in: Self.inputs(of: $0)) }
        // Plugins link `PluginsShared` in: parse each file once.
        let unique = Set(files.map { URL(fileURLWithPath: $0).resolvingSymlinksInPath().path }).sorted()
        #expect(unique.count > 100)
        for path in unique {
            let data = try #require(FileManager.default.contents(atPath: path))
            let parsed = SwiftParser.parse(SourceFile(path: path, bytes: [UInt8](data)))
            #expect(parsed.diagnostics.map(\.description) == [])
        }
    }

    // MARK: Inputs

    /// The paths to give the generator for a target: its folder, or for this test target every
    /// entry but `Fixtures`.
    static func inputs(of target: String) -> [String] {
        let folder = RepositoryPaths.root.appendingPathComponent(target)
        guard target == "Tests/RippleGeneratorTests" else { return [folder.path] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0 != "Fixtures" && !$0.hasPrefix(".") }.sorted().map { folder.appendingPathComponent($0).path }
    }

    /// The Swift files the generator reads for these inputs: hidden folders (`.build`) skipped.
    static func swiftFiles(in inputs: [String]) -> [String] {
        inputs.flatMap { input -> [String] in
            let url = URL(fileURLWithPath: input)
            guard url.pathExtension != "swift" else { return [input] }
            let enumerator = FileManager.default.enumerator(at: url, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles])
            return (enumerator?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "swift" }.map(\.path)
        }
    }
}
