import Foundation
import RippleGenerator
import RippleMigration
import RippleSchemeDump
import Testing

/// Inputs of the kinds that once crashed or hung the generator, made at random from a seed and
/// run through the whole generator from files: long dependency chains and cycles, many members,
/// deep nesting (types, `#if`, string interpolations), folders with symbolic links, and custom
/// templates. Every run ends with code or with well-formed diagnostics inside their files, and
/// says what each kind must say (a cycle once, the depth warning alone, no second root...).
///
/// An ordinary run makes a few small cases of each kind; `RIPPLE_FUZZ_LONG=1` makes many, up to
/// the sizes that crashed on an 8 MiB stack or took minutes before. The cases run on a 2 MiB
/// stack. `RIPPLE_FUZZ_SEED=<n>` and `RIPPLE_FUZZ_CASES=<n>` replay or widen a run; a failure
/// names its seed and case, and `RIPPLE_FUZZ_VERBOSE=1` shows every case as it starts.
@Suite struct HostileFuzzTests {
    static let seed = FuzzTests.seed
    static let caseCount = FuzzTests.environmentNumber("RIPPLE_FUZZ_CASES") ?? (HostileModels.isLong ? 120 : 16)
    /// A case slower than this is reported as a (near) hang (a debug build, on a busy machine).
    /// A hang detector, not a speed goal (ripple-bench measures speed): cases of a few seconds
    /// took 15 s on a two-core machine under a load of 8, so the limit leaves room for that.
    static let caseTimeLimit = HostileModels.isLong ? Duration.seconds(120) : .seconds(60)

    @Test func hostileInputsEndWithOutputOrWellFormedDiagnostics() async throws {
        try await FuzzProgress.watch(seed: Self.seed, caseTimeLimit: Self.caseTimeLimit, stackSize: 2 << 20, Self.runCases)
    }

    private static func runCases(_ progress: FuzzProgress) {
        let scratch: TemporaryDirectory
        do {
            scratch = try TemporaryDirectory()
        } catch {
            progress.fail("cannot make a scratch folder: \(error)")
            return
        }
        var random = SplitMix64(seed: seed ^ 0x484F_5354_494C_45)  // "HOSTILE"
        let clock = ContinuousClock()
        for number in 1...max(1, caseCount) where !progress.isStopped {
            // Each kind in turn, so that even a short run makes every kind.
            let kind = HostileCase.Kind.allCases[(number - 1) % HostileCase.Kind.allCases.count]
            let folder = scratch.path + "/\(number)"
            let hostile: HostileCase
            do {
                hostile = try HostileCase(kind, in: folder, random: &random)
            } catch {
                progress.fail("case \(number): cannot write its files: \(error)")
                return
            }
            let description = "case \(number): \(hostile.description)"
            if ProcessInfo.processInfo.environment["RIPPLE_FUZZ_VERBOSE"] == "1" {
                FileHandle.standardError.write(Data((description + "\n").utf8))
            }
            progress.start(description)
            let started = clock.now
            let problems = check(hostile, outputDirectory: folder + "-Output")
            if clock.now - started > caseTimeLimit {
                progress.fail("\(description): took \(clock.now - started), more than \(caseTimeLimit)")
            }
            for problem in problems {
                progress.fail("\(description): \(problem)")
            }
            try? FileManager.default.removeItem(atPath: folder)
            try? FileManager.default.removeItem(atPath: folder + "-Output")
        }
    }

    /// What is wrong with the runs of a case: generate, then for the models every dump format
    /// and migrate (of the model in Quantwm's dialect).
    private static func check(_ hostile: HostileCase, outputDirectory: String) -> [String] {
        let options = GeneratorOptions(
            inputs: hostile.inputs, outputDirectory: outputDirectory, templatesDirectory: hostile.templatesDirectory)
        let report = Generator(options: options).run()
        var problems = FuzzTests.malformedDiagnostics(report.diagnostics, files: hostile.files)
        if let unexpected = hostile.expectation(report.diagnostics.map(\.description)) {
            problems.append(unexpected)
        }
        let left = ((try? FileManager.default.contentsOfDirectory(atPath: outputDirectory)) ?? []).sorted()
        if report.hasErrors ? !left.isEmpty : left != [GeneratorOptions.outputFileName] {
            problems.append("\(report.hasErrors ? "failed" : "succeeded"), and left \(left) in the output folder")
        }
        guard hostile.templatesDirectory == nil else { return problems }

        for format in SchemeDump.Format.allCases {
            var dumping = options
            dumping.dumpFormat = format
            let dumped = Generator(options: dumping).run()
            let dump = dumped.hasErrors ? nil : SchemeDump(scheme: dumped.scheme).render(format)
            if dumped.hasErrors != report.hasErrors || dump?.isEmpty == true {
                problems.append("--dump-scheme --format \(format.rawValue) disagrees with generating")
            }
        }
        let sources = hostile.files.keys.sorted().map { path in
            (path: path, bytes: Array(HostileModels.sourcery(String(decoding: hostile.files[path]!, as: UTF8.self)).utf8))
        }
        let migration = Migrator.migrate(sources)
        let migrated = Dictionary(uniqueKeysWithValues: migration.files.map { ($0.path, $0.migrated) })
        problems += FuzzTests.malformedDiagnostics(migration.diagnostics, files: migrated).map { "migrate: \($0)" }
        return problems
    }
}

/// One input of a hostile kind, written to a folder of its own.
struct HostileCase {
    enum Kind: CaseIterable {
        case memberChain, classChain, manyMembers, nestedClasses, nestedInterpolation, nestedConditions
        case symbolicLinks, customTemplates
    }

    /// The kind, its size and its variant, to tell the case in a failure.
    var description: String
    /// The paths to give the generator.
    var inputs: [String]
    /// Every file a diagnostic may be about, with its bytes: the sources, and the templates.
    var files: [String: [UInt8]] = [:]
    var templatesDirectory: String?
    /// What is wrong with the diagnostics of the run, as `ripple-gen` prints them, if anything.
    var expectation: @Sendable ([String]) -> String? = { _ in nil }

    /// The largest size of a chain or a list in an ordinary run, and with `RIPPLE_FUZZ_LONG=1`.
    private static let largest = HostileModels.size(800, long: 30_000)

    /// Makes a case of `kind`, writing its files in `folder`.
    init(_ kind: Kind, in folder: String, random: inout SplitMix64) throws {
        description = "\(kind)"
        inputs = [folder + "/Model"]
        templatesDirectory = nil
        // Small sizes half the time, where off-by-one mistakes hide; any size up to the largest otherwise.
        func size(upTo largest: Int = Self.largest) -> Int {
            1 + random.below(random.below(2) == 0 ? min(64, largest) : largest)
        }
        switch kind {
        case .memberChain:
            let count = size()
            let closed = random.below(2) == 0
            description = "\(count) members, each reading the next\(closed ? ", in a cycle" : "")"
            try write(HostileModels.memberChain(count, closed: closed), to: folder + "/Model/Model.swift")
            expectation = closed ? Self.oneCycle : Self.none
        case .classChain:
            let count = 1 + size()
            let dependency = random.pick(["next.c", "next.all"])
            let closed = random.below(2) == 0
            description = "\(count) classes, each reading \(dependency)\(closed ? ", the last reading first.c" : "")"
            try write(HostileModels.classChain(count, dependency: dependency, closedBy: closed ? "first.c" : nil),
                      to: folder + "/Model/Model.swift")
            expectation = closed ? Self.oneCycle : Self.none
        case .manyMembers:
            let count = 1 + size(upTo: 2 * Self.largest)
            let clashing = random.below(2) == 0
            description = "\(count) members\(clashing ? ", one clashing" : "")"
            try write(HostileModels.manyMembers(count, clashing: clashing), to: folder + "/Model/Model.swift")
            expectation = clashing ? Self.only("clashes with the member 'm\(count / 2)'") : Self.none
        case .nestedClasses:
            let depth = size(upTo: HostileModels.size(150, long: 10_000))
            description = "classes nested \(depth) deep"
            try write(HostileModels.nestedClasses(depth), to: folder + "/Model/Model.swift")
            expectation = depth > 64 ? Self.only("warning: declarations nested more than 64 levels deep") : Self.none
        case .nestedInterpolation:
            let depth = size(upTo: 2 * Self.largest)
            description = "an initializer of interpolations nested \(depth) deep"
            try write(HostileModels.nestedInterpolation(depth), to: folder + "/Model/Model.swift")
            expectation = Self.none
        case .nestedConditions:
            let depth = size()
            let missing = random.below(3) == 0 ? random.below(depth + 1) : 0
            let extra = random.below(3) == 0 ? 1 + random.below(3) : 0
            description = "#if nested \(depth) deep, \(missing) #endif missing, \(extra) too many"
            let text = "// ripple: root\nfinal class Model {\n    let tracker = Tracker()\n"
                + String(repeating: "#if A\n", count: depth) + "    // ripple: property\n    var _x = 0\n"
                + String(repeating: "#endif\n", count: depth - missing) + "}\n" + String(repeating: "#endif\n", count: extra)
            try write(text, to: folder + "/Model/Model.swift")
            // The tracked member inside #if is an error of its own (see ConditionalDeclarationTests).
            let conditional = "tracked member '_x' is declared inside #if"
            expectation = missing + extra > 0
                ? Self.some("'#if' without '#endif'", "'#endif' has no '#if'", conditional)
                : Self.only(conditional)
        case .symbolicLinks:
            try write(smallModel, to: folder + "/Model/Library.swift")
            try write("// ripple: node\nfinal class Note {\n    let tracker = Tracker()\n}\n", to: folder + "/Model/Nested/Note.swift")
            let links = [
                ("Model/self", "."), ("Model/parent", ".."), ("Model/Nested/up", ".."), ("Model/again", "Nested"),
                ("Model/Copy.swift", "Library.swift"), ("Model/broken", "Missing"), ("Model/loopA", "loopB"),
                ("Model/loopB", "loopA"),
            ].filter { _ in random.below(2) == 0 }
            for (link, target) in links {
                try FileManager.default.createSymbolicLink(atPath: folder + "/" + link, withDestinationPath: target)
            }
            if random.below(2) == 0 { inputs.append(folder + "/./Model") }
            if random.below(2) == 0 { inputs.append(folder + "/Model/Library.swift") }
            description = "links \(links.map { "\($0.0) -> \($0.1)" }), inputs \(inputs.map { $0.dropFirst(folder.count) })"
            expectation = Self.none
        case .customTemplates:
            try write(smallModel, to: folder + "/Model/Library.swift")
            templatesDirectory = folder + "/Templates"
            var changes: [String] = []
            for name in ["Accessor.swift.ripple", "Class.swift.ripple", "Scheme.swift.ripple"] where random.below(2) == 0 {
                let original = try String(contentsOf: RepositoryPaths.root.appendingPathComponent("Templates/" + name), encoding: .utf8)
                var bytes = Array(original.utf8)
                for _ in 0...random.below(3) {
                    let inserted = Self.templateInsertion(&random)
                    let offset = random.below(bytes.count + 1)
                    bytes.insert(contentsOf: inserted.utf8, at: offset)
                    changes.append("\(name) + '\(inserted.prefix(40))' at byte \(offset)")
                }
                try write(String(decoding: bytes, as: UTF8.self), to: folder + "/Templates/" + name)
            }
            try FileManager.default.createDirectory(atPath: folder + "/Templates", withIntermediateDirectories: true)
            description = "templates: " + (changes.isEmpty ? "none changed" : changes.joined(separator: "; "))
            // The built-in templates too: an error in one that is included is reported in it.
            for name in try FileManager.default.contentsOfDirectory(atPath: RepositoryPaths.root.path + "/Templates") {
                files[name] = Array(try Data(contentsOf: RepositoryPaths.root.appendingPathComponent("Templates/" + name)))
            }
        }
    }

    /// Writes `text` to `path`, folders made as needed, and adds it to ``files``.
    private mutating func write(_ text: String, to path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        files[path] = Array(text.utf8)
    }

    /// Template text that opens, closes or nests something, or names what does not exist.
    private static func templateInsertion(_ random: inout SplitMix64) -> String {
        let depth = 1 + random.below(30)
        return random.pick([
            "{% if class.isRoot %}", "{% endif %}", "{% for member in class.members %}", "{% endfor %}", "{% else %}",
            "{{ member.name }}", "{{ class.name }}", "{{ nothing.here }}", "{{", "}}", "{%", "%}", "{#", "#}",
            "{% include \"Accessor.swift.ripple\" %}", "{% include \"Missing.swift.ripple\" %}", "{{ class.name | nosuch }}",
            String(repeating: "{% if class.isRoot %}(", count: depth) + String(repeating: "){% endif %}", count: depth),
            String(repeating: "{% for member in class.members %}", count: min(depth, 3)) + "{{ member.name }}"
                + String(repeating: "{% endfor %}", count: min(depth, 3)),
        ])
    }

    // MARK: Expectations

    private static let none: @Sendable ([String]) -> String? = { diagnostics in
        diagnostics.isEmpty ? nil : "expected no diagnostic, got \(diagnostics.prefix(3))"
    }

    private static let oneCycle: @Sendable ([String]) -> String? = { diagnostics in
        diagnostics.count == 1 && diagnostics[0].contains("error: dependency cycle: ")
            ? nil : "expected one dependency cycle, got \(diagnostics.prefix(3))"
    }

    /// Exactly one diagnostic, which contains `text`.
    private static func only(_ text: String) -> @Sendable ([String]) -> String? {
        { diagnostics in
            diagnostics.count == 1 && diagnostics[0].contains(text) ? nil : "expected only '\(text)', got \(diagnostics.prefix(3))"
        }
    }

    /// Errors only, each containing one of `texts`.
    private static func some(_ texts: String...) -> @Sendable ([String]) -> String? {
        { diagnostics in
            !diagnostics.isEmpty && diagnostics.allSatisfy { diagnostic in texts.contains { diagnostic.contains($0) } }
                ? nil : "expected errors about \(texts), got \(diagnostics.prefix(3))"
        }
    }
}
