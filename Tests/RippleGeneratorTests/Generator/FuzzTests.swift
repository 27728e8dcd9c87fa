import Foundation
import RippleGenerator
import RippleSchemeDump
import Testing

/// The fixture models, damaged a few thousand times with a fixed seed, through the whole
/// generator: every run ends quickly with generated code or with well-formed diagnostics, and
/// leaves either the complete generated file or none.
///
/// A failure names the case and its mutations; the seed makes it reproducible. To see every
/// case as it runs (to find the one that crashes the process), set `RIPPLE_FUZZ_VERBOSE=1`;
/// to explore further, `RIPPLE_FUZZ_SEED=<n>` and `RIPPLE_FUZZ_MUTATIONS=<n>`.
@Suite struct FuzzTests {
    static let seed = environmentNumber("RIPPLE_FUZZ_SEED").flatMap(UInt64.init(exactly:)) ?? 0x5249_5050_4C45  // "RIPPLE"
    /// Mutations over all cases; each case stacks one to three. About 3 ms each in a debug build.
    static let mutationCount = environmentNumber("RIPPLE_FUZZ_MUTATIONS") ?? 3_000
    /// A case slower than this is reported as a (near) hang: a case takes milliseconds, and a
    /// hang runs forever, so the limit leaves room for a machine shared by builds (breaker40's
    /// broad run, at a load of 23 on 2 cores, saw cases of 3.2 s under a limit of 2 s).
    static let caseTimeLimit = Duration.seconds(15)

    @Test func damagedModelsEndWithOutputOrWellFormedDiagnostics() async throws {
        try await FuzzProgress.watch(seed: Self.seed, caseTimeLimit: Self.caseTimeLimit, stackSize: 8 << 20, Self.runCases)
    }

    static func environmentNumber(_ name: String) -> Int? {
        ProcessInfo.processInfo.environment[name].flatMap { Int($0) }
    }

    // MARK: Running

    /// One fixture folder, copied to a scratch folder so that its files can be damaged there.
    private struct Fixture {
        var name: String
        var inputDirectory: String
        var outputDirectory: String
        var configurationFile: String?
        /// Relative path → original bytes.
        var files: [(path: String, bytes: [UInt8])]
    }

    private static func runCases(_ progress: FuzzProgress) {
        let verbose = ProcessInfo.processInfo.environment["RIPPLE_FUZZ_VERBOSE"] == "1"
        let scratch: TemporaryDirectory
        let fixtures: [Fixture]
        do {
            scratch = try TemporaryDirectory()
            fixtures = try copyFixtures(into: scratch)
        } catch {
            progress.fail("cannot prepare the fixtures: \(error)")
            return
        }
        let allFiles = fixtures.indices.flatMap { fixture in fixtures[fixture].files.indices.map { (fixture, $0) } }
        guard !allFiles.isEmpty else {
            progress.fail("no fixture files found under \(RepositoryPaths.fixtures.path)")
            return
        }
        var mutator = ModelMutator(random: SplitMix64(seed: seed))
        var mutations = 0
        var caseNumber = 0
        let clock = ContinuousClock()
        var slowest = Duration.zero
        var renderedSchemes: [ModelScheme: Data] = [:]
        let started = clock.now
        while mutations < mutationCount && !progress.isStopped {
            caseNumber += 1
            let (fixtureIndex, fileIndex) = mutator.random.pick(allFiles)
            let fixture = fixtures[fixtureIndex]
            let (relativePath, original) = fixture.files[fileIndex]
            let path = (fixture.inputDirectory as NSString).appendingPathComponent(relativePath)

            var bytes = original
            var applied: [String] = []
            for _ in 0...mutator.random.below(3) {
                applied.append(mutator.mutate(&bytes, path: relativePath))
            }
            mutations += applied.count
            let description = "case \(caseNumber): \(fixture.name)/\(relativePath): " + applied.joined(separator: "; ")
            if verbose {
                FileHandle.standardError.write(Data((description + "\n").utf8))
            }

            guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
                progress.fail("\(description): cannot write the damaged file")
                return
            }
            progress.start(description)
            let caseStarted = clock.now
            var options = GeneratorOptions(
                inputs: [fixture.inputDirectory], outputDirectory: fixture.outputDirectory,
                configurationFile: fixture.configurationFile)
            // As the build plugin runs it: a failed run leaves no file, not even an earlier one.
            options.removesStaleOutput = true
            let report = Generator(options: options).run()
            var problems = check(report, fixture: fixture, damaged: (relativePath, bytes), rendered: &renderedSchemes)
            let elapsed = clock.now - caseStarted
            slowest = max(slowest, elapsed)
            if elapsed > caseTimeLimit {
                problems.append("took \(elapsed), more than \(caseTimeLimit)")
            }
            for problem in problems {
                progress.fail("\(description): \(problem)")
            }
            guard FileManager.default.createFile(atPath: path, contents: Data(original)) else {
                progress.fail("\(description): cannot restore the fixture file")
                return
            }
        }
        if verbose {
            let summary = "\(mutations) mutations in \(caseNumber) cases, \(clock.now - started); slowest case \(slowest)\n"
            FileHandle.standardError.write(Data(summary.utf8))
        }
    }

    /// Every fixture with its visible Swift files (the hidden ones the generator skips), copied.
    private static func copyFixtures(into scratch: TemporaryDirectory) throws -> [Fixture] {
        let fileManager = FileManager.default
        let names = try fileManager.contentsOfDirectory(atPath: RepositoryPaths.fixtures.path).filter { !$0.hasPrefix(".") }
        return try names.sorted().compactMap { name in
            let inputs = FixtureInputs(name)
            var files: [(path: String, bytes: [UInt8])] = []
            for (relative, url) in inputs.swiftFiles() {
                let bytes = [UInt8](try Data(contentsOf: url))
                let copy = scratch.url.appendingPathComponent("Input/\(name)/\(relative)")
                try fileManager.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(bytes).write(to: copy)
                files.append((relative, bytes))
            }
            guard !files.isEmpty else { return nil }
            return Fixture(
                name: name, inputDirectory: scratch.path + "/Input/" + name, outputDirectory: scratch.path + "/Output/" + name,
                configurationFile: inputs.configurationFile, files: files)
        }
    }

    // MARK: Checking

    /// What is wrong with a run: diagnostics that are malformed or point outside their file,
    /// errors without a location, or an output folder that does not hold exactly the code of
    /// the scheme (when the run succeeded) or nothing (when it failed). Rendering is the slow
    /// stage, and many cases leave the scheme as it was: `rendered` keeps the code of each
    /// scheme seen.
    private static func check(
        _ report: GeneratorReport, fixture: Fixture, damaged: (path: String, bytes: [UInt8]),
        rendered: inout [ModelScheme: Data]
    ) -> [String] {
        var problems: [String] = []
        var inputs: [String: [UInt8]] = [:]
        for file in fixture.files {
            let bytes = file.path == damaged.path ? damaged.bytes : file.bytes
            inputs[(fixture.inputDirectory as NSString).appendingPathComponent(file.path)] = bytes
        }
        problems += malformedDiagnostics(report.diagnostics, files: inputs)

        let outputName = GeneratorOptions.outputFileName
        let left = ((try? FileManager.default.contentsOfDirectory(atPath: fixture.outputDirectory)) ?? []).sorted()
        if report.hasErrors {
            if !left.isEmpty { problems.append("failed, but left \(left) in the output folder") }
            return problems
        }
        guard left == [outputName] else {
            problems.append("succeeded, but left \(left) in the output folder instead of \(outputName)")
            return problems
        }
        if rendered[report.scheme] == nil {
            do {
                let configuration = fixture.configurationFile.map { Configuration.load(path: $0).configuration }
                rendered[report.scheme] = Data(
                    try CodeRenderer().render(
                        report.scheme, observable: configuration?.observable ?? false, documents: configuration?.documents ?? false))
            } catch {
                problems.append("succeeded, but rendering its scheme again throws \(error.message)")
                return problems
            }
            for format in SchemeDump.Format.allCases {
                _ = SchemeDump(scheme: report.scheme).render(format)  // Must not crash.
            }
        }
        if FileManager.default.contents(atPath: fixture.outputDirectory + "/" + outputName) != rendered[report.scheme] {
            problems.append("the generated file does not hold the code rendered from the scheme")
        }
        return problems
    }

    /// What is wrong with `diagnostics`: one without a location, one that is not a single
    /// well-formed line, or that is about a file other than `files` (path to bytes), or outside it.
    static func malformedDiagnostics(_ diagnostics: [Diagnostic], files: [String: [UInt8]]) -> [String] {
        var problems: [String] = []
        let format = #/(.+):([0-9]+):([0-9]+): (error|warning|note): (.+)/#
        for diagnostic in diagnostics {
            let text = diagnostic.description
            guard let file = diagnostic.file, let location = diagnostic.location else {
                problems.append("error without a location: \(text)")
                continue
            }
            guard !text.contains(where: \.isNewline), (try? format.wholeMatch(in: text)) != nil else {
                problems.append("malformed diagnostic: \(text.debugDescription)")
                continue
            }
            guard let bytes = files[file] else {
                problems.append("diagnostic about a file that is not an input: \(text)")
                continue
            }
            let lengths = lineLengths(bytes)
            let (line, column) = (location.line, location.column)
            guard (1...lengths.count).contains(line), (1...lengths[line - 1] + 1).contains(column) else {
                problems.append("diagnostic outside its file (\(lengths.count) lines): \(text)")
                continue
            }
        }
        return problems
    }

    /// The byte length of each line, without its terminator; `\n`, `\r\n` and `\r` end lines,
    /// as in ``SourceFile``.
    private static func lineLengths(_ bytes: [UInt8]) -> [Int] {
        var lengths: [Int] = []
        var start = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                lengths.append(index - start)
                index += byte == UInt8(ascii: "\r") && index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "\n") ? 2 : 1
                start = index
            } else {
                index += 1
            }
        }
        lengths.append(bytes.count - start)
        return lengths
    }
}
