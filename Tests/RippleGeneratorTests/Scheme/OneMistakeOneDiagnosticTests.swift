import Testing

/// Each annotation mistake is one diagnostic, on the line the user has to change: what follows
/// from it (the members of a class that is not tracked, node members of its type, dependencies
/// through a member that was left out, a missing root) is not reported again. Mistakes that do
/// not follow from one another are still each reported.
@Suite struct OneMistakeOneDiagnosticTests {
    /// A model with a root holding nodes of one class, reading through them: what most mistakes
    /// below are made in. Lines: 3 root annotation, 4 `Library`, 6-7 `_title`, 8-9 `_shelves`,
    /// 10-11 `_selected`, 12-13 `_total`, 14-15 `_subtitle`, 18 node annotation, 19 `Shelf`,
    /// 20 its tracker, 21-22 `_count`, 23-24 `_name`.
    static let model = """
        import Ripple

        // ripple: root
        final class Library {
            let tracker = Tracker()
            // ripple: property
            var _title = ""
            // ripple: node
            var _shelves: [Shelf] = []
            // ripple: node
            var _selected: Shelf?
            // ripple: property, readOnly, dependency = [shelves.count, selected.name, title]
            var _total: Int { 0 }
            // ripple: shared = title
            var _subtitle = ""
        }

        // ripple: node
        final class Shelf {
            let tracker = Tracker()
            // ripple: property
            var _count = 0
            // ripple: property
            var _name = ""
        }
        """

    /// `model` with `line` (1-based) replaced by `replacement` (removed when `nil`).
    private func model(replacingLine line: Int, with replacement: String?) -> String {
        var lines = Self.model.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if let replacement { lines[line - 1] = replacement } else { lines.remove(at: line - 1) }
        return lines.joined(separator: "\n")
    }

    @Test func theModelHasNoMistake() {
        #expect(schemeDiagnostics(Self.model) == [])
    }

    // MARK: Class annotations

    @Test func aMisspelledRootIsOneError() {
        // Before: the unknown item, one "annotate the class 'node'" per member (the wrong fix),
        // and "no root" on another class.
        #expect(schemeDiagnostics(model(replacingLine: 3, with: "// ripple: rot")) == [
            "Model.swift:3:12: error: unknown annotation item 'rot'; did you mean 'root'?",
        ])
    }

    @Test func aMisspelledNodeIsOneError() {
        // Not the members of `Shelf`, nor the node members of its type, nor the paths through them.
        #expect(schemeDiagnostics(model(replacingLine: 18, with: "// ripple: nod")) == [
            "Model.swift:18:12: error: unknown annotation item 'nod'; did you mean 'node'?",
        ])
    }

    @Test func aMemberItemOnAClassIsOneError() {
        #expect(schemeDiagnostics(model(replacingLine: 3, with: "// ripple: property")) == [
            "Model.swift:3:12: error: 'property' applies to 'var' members, not to classes",
        ])
    }

    @Test func aClassAnnotationThatCannotBeReadIsOneError() {
        #expect(schemeDiagnostics(model(replacingLine: 18, with: "// ripple: node node")) == [
            "Model.swift:18:17: error: malformed annotation: expected ',' between annotation items, found 'node'",
        ])
    }

    @Test func aNodeAnnotationOnAStructIsOneError() {
        // Not its members ("must be declared in a class"), nor "a value type" at each node member.
        let source = model(replacingLine: 19, with: "struct Shelf {")
        #expect(schemeDiagnostics(source) == [
            "Model.swift:18:12: error: 'node' needs a class, and 'Shelf' is a struct; tracked model types are classes",
        ])
    }

    @Test func aForgottenRootAnnotationIsOneError() {
        // Said at the first annotated member, with the root named; no "no root" on `Shelf`.
        #expect(schemeDiagnostics(model(replacingLine: 3, with: "")) == [
            "Model.swift:6:5: error: '_title' is annotated, but its class 'Library' is not; annotate 'Library' with "
                + "'// ripple: node' (or 'root', if it is the model's root)",
        ])
    }

    @Test func aForgottenNodeAnnotationIsOneError() {
        // Once for the class, not per member nor per node member of its type.
        #expect(schemeDiagnostics(model(replacingLine: 18, with: "")) == [
            "Model.swift:21:5: error: '_count' is annotated, but its class 'Shelf' is not; annotate 'Shelf' with '// ripple: node'",
        ])
    }

    @Test func aNodeClassWithoutAnnotationsIsOneErrorForAllItsNodeMembers() {
        let source = """
            // ripple: root
            final class Library {
                let tracker = Tracker()
                // ripple: node
                var _shelves: [Shelf] = []
                // ripple: node
                var _selected: Shelf?
            }
            final class Shelf {}
            """
        #expect(schemeDiagnostics(source) == [
            "Model.swift:5:19: error: 'Shelf' is not a ripple node; annotate class Shelf with '// ripple: node'",
        ])
    }

    @Test func aPrivateNodeClassIsOneError() {
        // Not also at each member whose type names it.
        #expect(schemeDiagnostics(model(replacingLine: 19, with: "private final class Shelf {")) == [
            "Model.swift:19:21: error: class 'Shelf' is private, but the generated code lives in another file; make it "
                + "internal or wider",
        ])
    }

    @Test func aMissingTrackerIsOneError() {
        #expect(schemeDiagnostics(model(replacingLine: 20, with: nil)) == [
            "Model.swift:19:13: error: class 'Shelf' has no tracker; add 'let tracker = Tracker()' to its body",
        ])
    }

    // MARK: Member annotations

    @Test func aMisspelledMemberItemIsOneError() {
        // Not "needs 'property' or 'node'", nor the dependency through it.
        #expect(schemeDiagnostics(model(replacingLine: 8, with: "    // ripple: nodes")) == [
            "Model.swift:8:16: error: unknown annotation item 'nodes'; did you mean 'node'?",
        ])
    }

    @Test func aMisspelledModifierIsOneError() {
        // Not "computed member '_total' needs 'readOnly'".
        let readOnly = model(replacingLine: 12, with: "    // ripple: property, readonly, dependency = [shelves.count]")
        #expect(schemeDiagnostics(readOnly) == [
            "Model.swift:12:26: error: unknown annotation item 'readonly'; did you mean 'readOnly'?",
        ])
        // Not the warning that '_total' has no dependency.
        let dependency = model(replacingLine: 12, with: "    // ripple: property, readOnly, dependecy = [shelves.count]")
        #expect(schemeDiagnostics(dependency) == [
            "Model.swift:12:36: error: unknown annotation item 'dependecy'; did you mean 'dependency'?",
        ])
    }

    @Test func aClassItemOnAMemberIsOneError() {
        #expect(schemeDiagnostics(model(replacingLine: 10, with: "    // ripple: root")) == [
            "Model.swift:10:16: error: 'root' applies to classes, not to members",
        ])
    }

    @Test func aMistypedNodeTypeIsOneError() {
        // Not the dependency 'shelves.count' through the member left out.
        #expect(schemeDiagnostics(model(replacingLine: 9, with: "    var _shelves: [Shelfs] = []")) == [
            "Model.swift:9:19: error: 'Shelfs' is not a ripple node; did you mean 'Shelf'? (the type of node member "
                + "'_shelves' must be a class annotated 'node')",
        ])
    }

    @Test func aMemberWithoutUnderscoreIsOneError() {
        // Not the dependency 'selected.name' that names it in another class.
        #expect(schemeDiagnostics(model(replacingLine: 24, with: "    var name = \"\"")) == [
            "Model.swift:24:9: error: tracked member 'name' must start with '_': rename it '_name'; the generated "
                + "accessor is named 'name'",
        ])
        // Nor 'shared = title' and the dependency 'title' in its own class.
        #expect(schemeDiagnostics(model(replacingLine: 7, with: "    var title = \"\"")) == [
            "Model.swift:7:9: error: tracked member 'title' must start with '_': rename it '_title'; the generated "
                + "accessor is named 'title'",
        ])
    }

    @Test func aMemberThatCannotBeTrackedIsOneError() {
        #expect(schemeDiagnostics(model(replacingLine: 11, with: "    let _selected: Shelf? = nil")) == [
            "Model.swift:11:9: error: tracked member '_selected' is a 'let', which never changes; make it 'var' or remove "
                + "the annotation",
        ])
        #expect(schemeDiagnostics(model(replacingLine: 9, with: "    var _shelves = makeShelves()")) == [
            "Model.swift:9:9: error: cannot infer the type of '_shelves'; declare it: 'var _shelves: Type = ...'",
        ])
    }

    // MARK: Independent mistakes

    @Test func mistakesThatDoNotFollowFromOneAnotherAreEachReported() {
        // A misspelled root, and a member of another class without '_'.
        var source = model(replacingLine: 3, with: "// ripple: rot")
        source = source.replacingOccurrences(of: "var _count = 0", with: "var count = 0")
        #expect(schemeDiagnostics(source) == [
            "Model.swift:3:12: error: unknown annotation item 'rot'; did you mean 'root'?",
            "Model.swift:22:9: error: tracked member 'count' must start with '_': rename it '_count'; the generated "
                + "accessor is named 'count'",
        ])
        // A dependency misspelled beside a member left out: the misspelling is still reported.
        let dependency = model(replacingLine: 12, with: "    // ripple: property, readOnly, dependency = [shelves.count, titel]")
        #expect(schemeDiagnostics(dependency.replacingOccurrences(of: "var _shelves", with: "var shelves")) == [
            "Model.swift:9:9: error: tracked member 'shelves' must start with '_': rename it '_shelves'; the generated "
                + "accessor is named 'shelves'",
            "Model.swift:12:65: error: unknown dependency 'titel': 'Library' has no tracked member 'titel'; did you mean "
                + "'title'?",
        ])
    }

    @Test func aMissingRootIsStillReportedBesideAMisspelledNode() {
        // `nod` is nearest to 'node': that class was not meant as the root, and none is.
        let source = """
            // ripple: node
            final class Catalog {
                let tracker = Tracker()
            }
            // ripple: nod
            final class Shelf {
                let tracker = Tracker()
            }
            """
        #expect(schemeDiagnostics(source) == [
            "Model.swift:1:1: error: no class is annotated '// ripple: root'; annotate the class at the top of the model",
            "Model.swift:5:12: error: unknown annotation item 'nod'; did you mean 'node'?",
        ])
    }
}
