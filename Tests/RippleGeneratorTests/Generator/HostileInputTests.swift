import Foundation
import RippleGenerator
import RippleMigration
import RippleSchemeDump
import Testing

/// Inputs that crashed the generator, hung it, or took it minutes: each now ends, with code or
/// with diagnostics. The checks of recursion run on a thread with a small stack, where a
/// recursion as deep as the input overflows at the quick sizes; `RIPPLE_FUZZ_LONG=1` runs the
/// sizes that crashed on an 8 MiB main thread, or took minutes, before.
@Suite struct HostileInputTests {
    /// What generate, `--dump-scheme` (every format) and migrate make of `source`, run on a small
    /// stack: the generator's diagnostics, whether it made code, the dumps, and the migrate's
    /// diagnostics (of the source in Quantwm's dialect). Rendering the code, which the size of
    /// the model does not make recurse, is left to the long runs.
    private func runEveryCommand(_ source: String) -> (diagnostics: [String], madeCode: Bool, dumps: [String], migrated: [String]) {
        onSmallStack {
            let templates: TemplateSet? = HostileModels.isLong ? .builtIn() : nil
            let generation = Generator.generate([(path: "Model.swift", bytes: Array(source.utf8))], templates: templates)
            let dumps = SchemeDump.Format.allCases.map { SchemeDump(scheme: generation.scheme).render($0) }
            let migration = Migrator.migrate([(path: "Model.swift", bytes: Array(HostileModels.sourcery(source).utf8))])
            return (generation.diagnostics.map(\.description), generation.code != nil, dumps,
                    migration.diagnostics.map(\.description) + migration.errors.map(\.description))
        }
    }

    // MARK: Dependency cycles

    @Test func aLongChainOfComputedMembersIsCheckedWithoutRecursion() {
        let count = HostileModels.size(3_000, long: 30_000)
        let result = runEveryCommand(HostileModels.memberChain(count))
        #expect(result.diagnostics == [])
        if HostileModels.isLong { #expect(result.madeCode) }
        #expect(result.dumps[0].contains("    m\(count - 1): Int (property, key \(count - 1), readOnly, computed)\n        reads m\(count)\n"))
        #expect(!result.migrated.contains { $0.contains("dependency cycle") })
    }

    @Test func aLongChainOfClassesIsCheckedWithoutRecursion() {
        let count = HostileModels.size(2_000, long: 13_400)
        let result = runEveryCommand(HostileModels.classChain(count))
        #expect(result.diagnostics == [])
        if HostileModels.isLong { #expect(result.madeCode) }
        #expect(result.dumps[1].contains("\"C\(count - 2)\" -> \"C\(count - 1)\" [label=\"next T?\"];"))
        #expect(!result.migrated.contains { $0.contains("dependency cycle") })
    }

    @Test func aLongCycleIsReportedOnceWithItsListCut() {
        let count = HostileModels.size(2_000, long: 30_000)
        let result = onSmallStack { buildScheme(HostileModels.memberChain(count, closed: true)).diagnostics.map(\.description) }
        let shown = (0..<10).map { "Model.m\($0)" }.joined(separator: " -> ")
        #expect(result == [
            "Model.swift:5:9: error: dependency cycle: \(shown) and \(NameList.count(count - 10)) more, back to Model.m0; "
                + "remove one of these dependencies",
        ])
    }

    @Test func aChainOfClassesReadingAllBelowIsChecked() {
        let count = HostileModels.size(2_000, long: 10_000)
        let open = onSmallStack { buildScheme(HostileModels.classChain(count, dependency: "next.all")).diagnostics.map(\.description) }
        #expect(open == [])
        // The last class holds the root, so everything below the root's `next` includes the root:
        // its `c` reads itself (and every other `c` reads itself the same way, in the same cycle).
        let closed = onSmallStack {
            buildScheme(HostileModels.classChain(count, dependency: "next.all", closedBy: "first.c")).diagnostics.map(\.description)
        }
        #expect(closed == ["Model.swift:7:9: error: dependency cycle: C0.c -> C0.c; remove one of these dependencies"])
    }

    @Test func membersReadingOneAnotherInGroupsGetACycleEach() {
        let diagnostics = schemeDiagnostics("""
            // ripple: root
            final class Library {
                let tracker = Tracker()
                // ripple: property, readOnly, dependency = [b]
                var _a: Int { 0 }
                // ripple: property, readOnly, dependency = [c, a]
                var _b: Int { 0 }
                // ripple: property, readOnly, dependency = [a]
                var _c: Int { 0 }
                // ripple: property, readOnly, dependency = [d]
                var _d: Int { 0 }
                // ripple: property, readOnly, dependency = [a]
                var _e: Int { 0 }
            }
            """)
        #expect(diagnostics == [
            "Model.swift:5:9: error: dependency cycle: Library.a -> Library.b -> Library.a; remove one of these dependencies",
            "Model.swift:11:9: error: dependency cycle: Library.d -> Library.d; remove one of these dependencies",
        ])
    }

    // MARK: Many members

    @Test func aClashInAClassOfManyMembersIsFound() {
        let count = HostileModels.size(5_000, long: 50_000)
        let diagnostics = schemeDiagnostics(HostileModels.manyMembers(count, clashing: true))
        // `_m<n>` is declared on line 5 + 2n.
        #expect(diagnostics == [
            "Model.swift:\(5 + count / 2 * 2):9: error: the generated accessor 'm\(count / 2)' of '_m\(count / 2)' clashes "
                + "with the member 'm\(count / 2)' of 'Model'; rename one of them",
        ])
    }

    @Test func accessorsInASourceryRegionOfAClassOfManyMembersAreNoClash() {
        // The region's accessors are reported as the region's, not as clashes.
        let diagnostics = schemeDiagnostics(HostileModels.sourceryModel(50), dialect: QuantwmDialect())
        #expect(!diagnostics.contains { $0.contains("clashes") })
        #expect(diagnostics.contains { $0.contains("holds what an old Sourcery template generated (m0K, m0, m1K, m1, m2K") })
    }

    @Test func manySharedMembersFindTheirProperty() {
        var source = "// ripple: root\nfinal class Model {\n    let tracker = Tracker()\n    // ripple: property\n    var _m0 = 0\n"
        let count = HostileModels.size(5_000, long: 50_000)
        for index in 1..<count {
            source += "    // ripple: property, shared = m0\n    var _m\(index) = 0\n"
        }
        let result = buildScheme(source + "}\n")
        #expect(result.diagnostics == [])
        #expect(result.scheme.classes.first?.members.allSatisfy { $0.changeKey == 0 } == true)
    }

    // MARK: Nesting

    @Test func classesNestedPastTheLimitGetTheWarningAlone() {
        let limit = 64
        // The parser recurses once per level, up to the limit: about 13 KiB a level in a debug build.
        let generation = onSmallStack(bytes: 2 << 20) {
            Generator.generate([(path: "Model.swift", bytes: Array(HostileModels.nestedClasses(limit + 10).utf8))])
        }
        // The class at the limit is tracked, its body unread: no tracker is missing, and the
        // annotations inside are neither read nor dangling.
        #expect(generation.diagnostics.map(\.description) == [
            "Model.swift:\(5 * limit + 2):\(4 * limit + 17): warning: declarations nested more than \(limit) levels deep are not analyzed",
        ])
        #expect(generation.scheme.classes.count == limit + 1)
        #expect(generation.scheme.classes.last?.members == [])
        #expect(generation.code != nil)
    }

    @Test func aDeeplyNestedInterpolationInAnInitializerIsScannedWithoutRecursion() {
        let depth = HostileModels.size(5_000, long: 200_000)
        let generation = onSmallStack {
            Generator.generate([(path: "Model.swift", bytes: Array(HostileModels.nestedInterpolation(depth).utf8))], templates: nil)
        }
        #expect(generation.diagnostics == [])
        #expect(generation.scheme.classes.first?.members.first?.type == "String")
    }

    // MARK: Input folders

    @Test func aFolderLinkingToItselfIsSearchedOnce() throws {
        let directory = try TemporaryDirectory()
        let model = try directory.write("Model/Library.swift", smallModel)
        try directory.write("Model/Nested/Note.swift", "// ripple: node\nfinal class Note {\n    let tracker = Tracker()\n}\n")
        for (link, target) in [("Model/a", "."), ("Model/b", "."), ("Model/Nested/up", "..")] {
            try FileManager.default.createSymbolicLink(atPath: directory.path + "/" + link, withDestinationPath: target)
        }
        let found = InputFiles.swiftFiles(in: [directory.path + "/Model"]).files
        #expect(found == [model, directory.path + "/Model/Nested/Note.swift"])

        let report = Generator(options: GeneratorOptions(inputs: [directory.path + "/Model"], outputDirectory: directory.path)).run()
        #expect(report.messages == [])
        #expect(report.wroteOutput)
    }

    @Test func aFileNamedTwiceIsReadOnce() throws {
        let directory = try TemporaryDirectory()
        let model = try directory.write("Model/Library.swift", smallModel)
        try FileManager.default.createSymbolicLink(atPath: directory.path + "/Link.swift", withDestinationPath: model)
        let spellings = [directory.path + "/Model", directory.path + "/./Model", directory.path + "/Model/Library.swift",
                         directory.path + "/Link.swift"]
        // Found under several paths, the file is kept under the first in sorted order (a folder
        // is searched once, under the first path it is met by).
        #expect(InputFiles.swiftFiles(in: spellings).files == [directory.path + "/Link.swift"])

        let report = Generator(options: GeneratorOptions(inputs: spellings, outputDirectory: directory.path)).run()
        #expect(report.messages == [])
    }

    // MARK: Migrate

    @Test func aLargeRegionIsMigratedAndShownAsOneHunk() {
        let count = HostileModels.size(1_000, long: 2_500)
        let migration = migrate(["Store.swift": HostileModels.sourceryModel(count)])
        #expect(migration.errors == [])
        // One edit per field, the region, the tracker and the import.
        #expect(migration.edits.count == count + 3)
        // The file has 3 lines per field and 8 per accessor; the fields are 3 lines apart, so
        // their changes make one hunk with the region's deletion.
        let lines = migration.files[0].diff.split(separator: "\n").dropFirst(2)
        #expect(lines.filter { $0.hasPrefix("@@") } == ["@@ -1,\(7 + 11 * count) +1,\(5 + 3 * count) @@"])
        // The fields' `fileprivate` lines, the region with its markers and the blank line above it.
        #expect(lines.filter { $0.hasPrefix("-") }.count == count + 8 * count + 4)
        // The fields' new lines, the import and the tracker.
        #expect(lines.filter { $0.hasPrefix("+") }.count == count + 2)
    }

    // MARK: Diffs

    @Test func aDeletedRegionOfTwentyThousandLinesIsOneHunk() {
        let kept = (0..<50).map { "line \($0)\n" }
        let region = (0..<20_000).map { "    generated \($0 % 7)\n" }
        let old = Array((kept[..<25] + region + kept[25...]).joined().utf8)
        let new = Array(kept.joined().utf8)
        let diff = UnifiedDiff(old: old, new: new).text(oldName: "a", newName: "b")
        let lines = diff.split(separator: "\n")
        #expect(lines.filter { $0.hasPrefix("@@") } == ["@@ -23,20006 +23,6 @@"])
        #expect(lines.filter { $0.hasPrefix("-") && !$0.hasPrefix("---") }.count == 20_000)
        #expect(!lines.contains { $0.hasPrefix("+") && !$0.hasPrefix("+++") })
    }

    @Test func everyOtherLineChangedKeepsTheRepeatedLines() {
        // Thousands of changes, each between two equal comment lines: the comments are kept,
        // each changed line is deleted right before its replacement is inserted.
        let count = HostileModels.size(5_000, long: 100_000)
        let old = (0..<count).map { "    // ripple: property\n    fileprivate var _m\($0) = 0\n" }.joined()
        let new = (0..<count).map { "    // ripple: property\n    var _m\($0) = 0\n" }.joined()
        let lines = UnifiedDiff(old: Array(old.utf8), new: Array(new.utf8)).text(oldName: "a", newName: "b").split(separator: "\n")
        let changes = lines.dropFirst(2).filter { !$0.hasPrefix(" ") && !$0.hasPrefix("@@") }
        #expect(changes.count == 2 * count)
        #expect(changes.indices.allSatisfy { index in
            index % 2 == 0 ? changes[index].hasPrefix("-    fileprivate var") : changes[index].hasPrefix("+    var")
        })
    }
}
