import RippleGenerator

/// A stage of the generator, for `ripple-bench --profile`.
enum GeneratorStage: String {
    case parse, schema, render, all
}

/// The generator's throughput on one core, in memory: an annotated model, and a tree of files
/// without annotations.
@MainActor
final class GeneratorSuite {
    static let section = "generator"
    /// What a large model needs to generate in well under a second; a real model is a few
    /// hundred lines, and starting the plugin's process costs more.
    static let minimumMegabytesPerSecond = 20.0
    static let goal = "generator at least \(Int(minimumMegabytesPerSecond)) MB/s on one core"

    private let harness: Harness
    private let goals: GoalBoard

    init(harness: Harness, goals: GoalBoard) {
        self.harness = harness
        self.goals = goals
    }

    /// The synthetic sources a row runs over.
    private enum Source {
        case annotatedModel, plainTree, plainTreeBesideModel

        func files() -> [SyntheticSources.File] {
            switch self {
            case .annotatedModel: SyntheticSources.annotatedModel(classCount: 2_000)
            case .plainTree: SyntheticSources.plainTree(byteCount: 20_000_000)
            // A target's usual shape: a small model, and many files without annotations, which
            // are then also scanned for extensions of its classes and writes to its storage.
            case .plainTreeBesideModel:
                SyntheticSources.annotatedModel(classCount: 20) + SyntheticSources.plainTree(byteCount: 20_000_000)
            }
        }
    }

    /// One row: which sources, what is done with them, and whether the goal applies.
    private struct Row {
        let name: String
        let source: Source
        let isGoal: Bool
        let process: ([SyntheticSources.File]) throws -> Int
    }

    func run() throws {
        var table = Table(
            "Generator throughput, in memory, one core",
            headers: ["input", "files", "lines", "MB", "median ms", "MB/s", "files/s"])
        let rows = [
            Row(name: "annotated model, 2,000 node classes", source: .annotatedModel, isGoal: true, process: Self.generate),
            Row(name: "files without annotations", source: .plainTree, isGoal: true, process: Self.generate),
            Row(
                name: "files without annotations, beside a 20-class model", source: .plainTreeBesideModel, isGoal: true,
                process: Self.generate),
            Row(name: "the same files, parsed anyway", source: .plainTree, isGoal: false, process: Self.parse),
        ]
        var sources: [Source: [SyntheticSources.File]] = [:]
        var stageNote: String?
        for row in rows where harness.options.includes(section: Self.section, row: row.name) {
            let files = sources[row.source] ?? row.source.files()
            sources[row.source] = files
            let bytes = files.reduce(0) { $0 + $1.bytes.count }
            let lines = files.reduce(0) { $0 + $1.bytes.count { $0 == UInt8(ascii: "\n") } }
            let timing = try harness.measure { iterations in
                var generated = 0
                for _ in 0..<iterations { generated &+= try row.process(files) }
                return generated
            }
            let seconds = timing.median / 1e9
            let megabytesPerSecond = Double(bytes) / 1e6 / seconds
            table.append([
                row.name, Format.count(files.count), Format.count(lines), Format.rate(Double(bytes) / 1e6),
                Format.milliseconds(timing.median), Format.rate(megabytesPerSecond),
                Format.count(Int(Double(files.count) / seconds)),
            ])
            if row.source == .annotatedModel {
                stageNote = try stages(of: files)
            }
            if row.isGoal {
                goals.check(
                    Self.goal + " (\(row.name))",
                    measured: Format.rate(megabytesPerSecond) + " MB/s", passed: megabytesPerSecond >= Self.minimumMegabytesPerSecond)
            }
        }
        table.notes = [
            "Generation: `Generator.generate`, ripple-gen's pipeline in memory: fast scan, parse of the files that may",
            "  hold annotations, schema, render into the bytes ripple-gen writes; no file is read or written",
            "  (sources are UTF-8 bytes, as read).",
            "'parsed anyway' runs the lexer and declaration parser over every file: what a file costs once it has",
            "  an annotation somewhere.",
            "'beside a model': the files without annotations are also scanned for extensions of the model's classes",
            "  and for writes to its members' storage (`._name`), which a byte scan each finds absent.",
        ] + (stageNote.map { ["Annotated model, one run by stage: " + $0 + "."] } ?? [])
        table.print()
    }

    /// Runs the generator's pipeline over `files` in memory, as `ripple-gen` does between
    /// reading its inputs and writing its output, and returns the size of the generated code.
    private static func generate(_ files: [SyntheticSources.File]) throws -> Int {
        let generation = Generator.generate(files.map { ($0.path, $0.bytes) })
        guard let output = generation.output else {
            throw GeneratorBenchError.invalidInput(generation.diagnostics.first?.description ?? "no code generated")
        }
        return output.count
    }

    /// The stages of `generate(_:)` one by one, for the stage note and for profiling.
    /// The fast scan, then the parse of every file that may hold annotations.
    private static func scanAndParse(_ files: [SyntheticSources.File]) -> [ParsedFile] {
        Generator.parse(files.map { ($0.path, $0.bytes) }, dialect: RippleDialect())
    }

    private static func buildSchema(_ parsed: [ParsedFile]) throws -> ModelScheme {
        let built = SchemeBuilder(annotationPrefix: "ripple").build(parsed)
        if let error = (parsed.flatMap(\.diagnostics) + built.diagnostics).first(where: { $0.severity == .error }) {
            throw GeneratorBenchError.invalidInput(error.description)
        }
        return built.scheme
    }

    private static func render(_ schema: ModelScheme) throws -> [UInt8] {
        try CodeRenderer(templates: .builtIn()).render(schema)
    }

    /// One timed run of each stage of generating `files`, for the note under the table.
    private func stages(of files: [SyntheticSources.File]) throws -> String {
        let clock = ContinuousClock()
        var start = clock.now
        func lap() -> String {
            let now = clock.now
            defer { start = now }
            return Format.milliseconds(start.duration(to: now).nanoseconds) + " ms"
        }
        let parsed = Self.scanAndParse(files)
        let parseTime = lap()
        let schema = try Self.buildSchema(parsed)
        let schemaTime = lap()
        let code = try Self.render(schema)
        let renderTime = lap()
        Blackhole.consume(code.count)
        return "scan + parse \(parseTime), schema \(schemaTime), render \(renderTime) "
            + "(\(Format.rate(Double(code.count) / 1e6)) MB of generated code)"
    }

    /// Runs `stage` over the annotated model `runs` times; the stages before it run once, first.
    static func profile(_ stage: GeneratorStage, runs: Int) throws {
        let files = Source.annotatedModel.files()
        let parsed = stage == .schema || stage == .render ? scanAndParse(files) : []
        let schema = stage == .render ? try buildSchema(parsed) : nil
        for _ in 0..<runs {
            switch stage {
            case .parse: Blackhole.consume(scanAndParse(files).count)
            case .schema: Blackhole.consume(try buildSchema(parsed).classes.count)
            case .render: Blackhole.consume(try render(schema!).count)
            case .all: Blackhole.consume(try generate(files))
            }
        }
    }

    /// Lexes and parses every file, annotations or not; returns the declarations found.
    private static func parse(_ files: [SyntheticSources.File]) -> Int {
        var declarations = 0
        for file in files {
            let parsed = SwiftParser.parse(SourceFile(path: file.path, bytes: file.bytes))
            declarations &+= parsed.types.count &+ parsed.functions.count &+ parsed.variables.count
        }
        return declarations
    }
}
