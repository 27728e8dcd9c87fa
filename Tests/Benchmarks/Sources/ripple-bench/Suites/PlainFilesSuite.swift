import Foundation
import BenchReport

/// Table 16: files without annotations, which the contract says cost a fast scan and produce
/// nothing. The `ripple-gen` that the build plugin runs (built beside this benchmark) goes over a
/// small model alone, over the same model beside a tree of files without annotations, and over it
/// beside the same files when a comment in each makes the generator parse them: the scan must
/// spare most of what parsing costs, and the files must not change the generated code.
@MainActor
final class PlainFilesSuite {
    static let section = "plain files"
    /// The run beside files without annotations, in times the run that parses the same files.
    static let maximumRatio = 0.5
    static let goal = "ripple-gen beside files without annotations at most \(maximumRatio)x the run that parses them"

    private let harness: Harness
    private let goals: GoalBoard

    init(harness: Harness, goals: GoalBoard) {
        self.harness = harness
        self.goals = goals
    }

    func run() throws {
        guard harness.options.includes(section: Self.section) else { return }
        guard let generator = Self.generatorExecutable() else {
            return goals.skip(Self.goal, reason: "no ripple-gen-plugin-tool beside ripple-bench (or in RIPPLE_GEN)")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ripple-bench-\(UUID().uuidString)")
        let parsedFolder = folder.appendingPathComponent("parsed")
        try FileManager.default.createDirectory(at: parsedFolder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let byteCount = harness.scaled(20_000_000)
        let model = try PlainSources.writeModel(classCount: 20, into: folder)
        let plain = try PlainSources.writePlainTree(byteCount: byteCount, into: folder)
        let parsed = try PlainSources.writePlainTree(byteCount: byteCount, naming: "func validate", into: parsedFolder)
        let output = folder.appendingPathComponent("output")
        let generated = output.appendingPathComponent("RippleGenerated.swift")

        let modelAlone = try harness.measure { iterations in
            try Self.generate(generator, [model], output: output.path, iterations: iterations)
        }
        let modelCode = try Data(contentsOf: generated)
        let besideFiles = try harness.measure { iterations in
            try Self.generate(generator, [model] + plain, output: output.path, iterations: iterations)
        }
        guard try Data(contentsOf: generated) == modelCode else { throw PlainFilesBenchError.filesChangedTheOutput }
        let besideParsedFiles = try harness.measure { iterations in
            try Self.generate(generator, [model] + parsed, output: output.path, iterations: iterations)
        }
        let reading = harness.measure { iterations in Self.read(plain, iterations: iterations) }

        var table = Table(
            "16. Files without annotations: ripple-gen over a 20-class model, and beside \(Format.count(plain.count)) "
                + "files (\(Format.rate(Double(byteCount) / 1e6)) MB)",
            headers: ["run", "median ms", "min ms", "vs parsing them"])
        func row(_ name: String, _ timing: Timing) {
            table.append([
                name, Format.milliseconds(timing.median), Format.milliseconds(timing.minimum),
                Format.ratio(timing.ratio(to: besideParsedFiles)),
            ])
        }
        row("the model alone", modelAlone)
        row("the model beside the files without annotations", besideFiles)
        row("the model beside the files, each naming `func validate`", besideParsedFiles)
        row("reading the files, in this process", reading)
        table.notes = [
            "Each run is a process, as the build plugin starts it (ripple-gen --output DIR FILE...), which reads the",
            "  files and writes RippleGenerated.swift; beside the files it writes the model alone's code, byte for byte.",
            "'naming `func validate`': a comment on each file's first line names it, and a file that may declare a",
            "  model's validate() is parsed: what every file would cost without the scan.",
            "'reading': open, read and close each file in this process, for scale.",
        ]
        table.print()
        let ratio = besideFiles.ratio(to: besideParsedFiles)
        goals.check(Self.goal, measured: Format.ratio(ratio), passed: ratio <= Self.maximumRatio)
    }

    /// The build plugin's tool (`ripple-gen` without `migrate`) built beside this executable
    /// (SwiftPM names a plugin's tool `<target>-tool`, or `<target>` in older versions), or
    /// `RIPPLE_GEN`.
    private static func generatorExecutable() -> URL? {
        if let path = ProcessInfo.processInfo.environment["RIPPLE_GEN"] { return URL(fileURLWithPath: path) }
        guard let folder = Bundle.main.executableURL?.deletingLastPathComponent() else { return nil }
        return ["ripple-gen-plugin-tool-tool", "ripple-gen-plugin-tool"].map { folder.appendingPathComponent($0) }.first {
            FileManager.default.isExecutableFile(atPath: $0.path)
        }
    }

    /// Runs `ripple-gen` over `files` `iterations` times; returns the size of what it wrote.
    private static func generate(_ generator: URL, _ files: [String], output: String, iterations: Int) throws -> Int {
        for _ in 0..<iterations {
            let process = Process()
            process.executableURL = generator
            process.arguments = ["--output", output] + files
            try process.run()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else { throw PlainFilesBenchError.generatorFailed(process.terminationStatus) }
        }
        let generated = URL(fileURLWithPath: output).appendingPathComponent("RippleGenerated.swift")
        return (try? Data(contentsOf: generated).count) ?? 0
    }

    /// Reads every file `iterations` times; returns how many bytes it read.
    @inline(never)
    private static func read(_ files: [String], iterations: Int) -> Int {
        var bytes = 0
        for _ in 0..<iterations {
            for file in files {
                bytes &+= FileManager.default.contents(atPath: file)?.count ?? 0
            }
        }
        return bytes
    }
}
