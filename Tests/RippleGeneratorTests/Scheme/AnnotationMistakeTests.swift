import RippleGenerator
import Testing

/// Mistakes a tester made from the documentation, each answered with a message that leads to
/// what works: no advice that the generator then refuses, a hint for a misspelled type, a
/// warning for an annotation that is not read.
@Suite struct AnnotationMistakeTests {
    @Test func aMemberOfAGenericClassIsNotAdvisedToAnnotateTheClass() {
        #expect(schemeDiagnostics("""
            final class Box<T> {
                // ripple: property
                var _count = 0
            }
            """) == [
                "Model.swift:2:5: error: '_count' is annotated, but its class 'Box' is not, and cannot be: "
                    + "a generic class cannot be tracked; remove the annotation, or move the member to a tracked class",
            ])
    }

    @Test func aMemberOfASubclassOfATrackedClassIsNotAdvisedToAnnotateTheSubclass() {
        // The subclass comes first: whether its superclass is tracked is known once every file is read.
        #expect(schemeDiagnostics([
            "A.swift": "final class Special: Library {\n    // ripple: property\n    var _extra = 0\n}\n",
            "B.swift": "// ripple: root\nclass Library {\n    let tracker = Tracker()\n}\n",
        ]) == [
            "A.swift:2:5: error: '_extra' is annotated, but its class 'Special' is not, and cannot be: it inherits from "
                + "'Library', which is tracked, and a tracked class cannot inherit from another; remove the annotation, "
                + "or declare the member in 'Library'",
        ])
    }

    @Test func aNodeTypeSpelledLikeANodeClassGetsAHint() {
        #expect(schemeDiagnostics("""
            // ripple: root
            final class Library {
                let tracker = Tracker()
                // ripple: node
                var _shelves: [Shelv] = []
            }
            // ripple: node
            final class Shelf {
                let tracker = Tracker()
            }
            """) == [
                "Model.swift:5:19: error: 'Shelv' is not a ripple node; did you mean 'Shelf'? "
                    + "(the type of node member '_shelves' must be a class annotated 'node')",
            ])
    }

    @Test func aValueAfterAnItemThatTakesNoneSaysSo() {
        #expect(schemeDiagnostics("""
            // ripple: root
            final class Library {
                let tracker = Tracker()
                // ripple: property = 3
                var _count = 0
            }
            """) == ["Model.swift:4:27: error: 'property' takes no value; write just 'property'"])
    }

    @Test func aCommentThatLooksLikeAnAnnotationButIsNotReadIsAWarning() {
        let warning = "warning: this comment looks like a Ripple annotation but is not read: write '// ripple: ...', "
            + "a line comment with 'ripple' in lowercase"
        #expect(schemeDiagnostics("""
            // ripple: root
            final class Library {
                let tracker = Tracker()
                //ripple: property
                var _read = 0
                // Ripple: property
                var _capitalized = 0
                /* ripple: property */
                var _block = 0
                // RIPPLE: node, readOnly
                var _shouted = 0
                // Ripple: the runtime reads this one, which is prose
                var plain = 0
            }
            """) == ["Model.swift:6:5: " + warning, "Model.swift:8:5: " + warning, "Model.swift:10:5: " + warning])
    }

    @Test func aFileWhoseOnlyAnnotationsAreMisspelledIsReadAndWarned() {
        let generation = Generator.generate([(path: "Model.swift", bytes: Array("""
            /* ripple: root */
            final class Library {}
            """.utf8))])
        #expect(generation.parsedFiles == ["Model.swift"])
        #expect(generation.diagnostics.map(\.description).first?.hasPrefix("Model.swift:1:1: warning: this comment looks like") == true)
    }

    @Test func longNamesAreCutInMessages() {
        let name = String(repeating: "n", count: 5_000)
        let diagnostics = schemeDiagnostics("""
            // ripple: root
            final class Library {
                let tracker = Tracker()
                // ripple: property
                var \(name) = 0
            }
            """)
        // Each word keeps its first 200 characters, quote included, and the punctuation that ends it.
        let cut = String(repeating: "n", count: NameList.longestName - 1) + "…"
        #expect(diagnostics == [
            "Model.swift:5:9: error: tracked member '\(cut)' must start with '_': rename it '_\(cut.dropFirst())'; "
                + "the generated accessor is named '\(cut)'",
        ])
    }
}
