import RippleGenerator
import Testing

@Suite struct TemplateSubstitutionTests {
    @Test func textWithoutTagsIsCopiedUnchanged() throws {
        let source = "struct A { var b = [1: 2] }\n{ { } }\n# x\n% y\n"
        #expect(try renderTemplate(source) == source)
    }

    @Test func emptyTemplateRendersNothing() throws {
        #expect(try renderTemplate("") == "")
    }

    @Test func variableIsReplacedByItsValue() throws {
        #expect(try renderTemplate("Hello, {{ name }}!", ["name": "Ripple"]) == "Hello, Ripple!")
    }

    @Test func spacesInsideTheTagAreOptional() throws {
        #expect(try renderTemplate("{{name}}|{{  name  }}", ["name": "x"]) == "x|x")
    }

    @Test func intsAndBoolsPrintAsSwiftLiterals() throws {
        #expect(try renderTemplate("{{ n }} {{ yes }} {{ no }}", ["n": -42, "yes": true, "no": false]) == "-42 true false")
    }

    @Test func dottedPathLooksUpNestedDictionaries() throws {
        let context: [String: TemplateValue] = ["model": ["root": ["name": "Library"]]]
        #expect(try renderTemplate("{{ model.root.name }}", context) == "Library")
    }

    @Test func stringAndIntLiteralsCanBePrinted() throws {
        #expect(try renderTemplate(#"{{ "{{" }} {{ 'it\'s' }} {{ "a\"b\\c" }} {{ "1\t2\n" }}{{ 7 }}"#) == "{{ it's a\"b\\c 1\t2\n7")
    }

    @Test func intsPrintLikeSwift() throws {
        let values: [Int] = [0, 7, -7, 10, 99, 100, -100, Int.max, Int.min]
        for value in values {
            #expect(try renderTemplate("{{ n }}", ["n": .int(value)]) == String(value))
        }
    }

    @Test func largeOutputOfSmallAndLargePiecesIsIntact() throws {
        // Pieces of every size up to 300 bytes, for several megabytes.
        let template = try Template(name: "pieces", source: "{% for piece in pieces %}{{ piece }}|{{ loop.index0 }}\n{% endfor %}")
        let pieces = (0..<30_000).map { String(repeating: Character(UnicodeScalar(97 + $0 % 26)!), count: $0 % 301) }
        let output = try template.render(["pieces": .array(pieces.map(TemplateValue.string))])
        #expect(output == pieces.enumerated().map { "\($1)|\($0)\n" }.joined())
    }

    @Test func nonASCIITextAndValuesArePreserved() throws {
        #expect(try renderTemplate("« {{ name }} » ✓", ["name": "Ünïcødé 🚀"]) == "« Ünïcødé 🚀 » ✓")
    }

    @Test func stringInterpolationBuildsAStringValue() throws {
        let count = 3
        #expect(try renderTemplate("{{ label }}", ["label": "\(count) items"]) == "3 items")
    }

    // MARK: Filters

    @Test func upperFilterUppercasesEveryLetter() throws {
        #expect(try renderTemplate("{{ name | upper }}", ["name": "selectedID"]) == "SELECTEDID")
    }

    @Test func lowerFilterLowercasesEveryLetter() throws {
        #expect(try renderTemplate("{{ name | lower }}", ["name": "SelectedID"]) == "selectedid")
    }

    @Test func capitalizedFilterUppercasesOnlyTheFirstLetter() throws {
        #expect(try renderTemplate("{{ name | capitalized }}", ["name": "selectedID"]) == "SelectedID")
        #expect(try renderTemplate("{{ name | capitalized }}", ["name": ""]) == "")
    }

    @Test func lowerFirstFilterLowercasesOnlyTheFirstLetter() throws {
        #expect(try renderTemplate("{{ name | lowerFirst }}", ["name": "URLCache"]) == "uRLCache")
        #expect(try renderTemplate("{{ name | lowerFirst }}", ["name": ""]) == "")
    }

    @Test func joinFilterJoinsStringsWithTheSeparator() throws {
        let context: [String: TemplateValue] = ["names": ["a", "b", "c"], "none": []]
        #expect(try renderTemplate(#"{{ names | join(", ") }}"#, context) == "a, b, c")
        #expect(try renderTemplate(#"[{{ none | join(", ") }}]"#, context) == "[]")
    }

    @Test func joinFilterWritesIntsAsText() throws {
        #expect(try renderTemplate(#"{{ numbers | join("+") }}"#, ["numbers": [1, 2, 3]]) == "1+2+3")
    }

    @Test func countFilterCountsArraysDictionariesAndCharacters() throws {
        let context: [String: TemplateValue] = ["array": [1, 2, 3], "dictionary": ["a": 1], "string": "héllo"]
        #expect(try renderTemplate("{{ array | count }} {{ dictionary | count }} {{ string | count }}", context) == "3 1 5")
    }

    @Test func defaultFilterReplacesUndefinedAndNullValues() throws {
        let context: [String: TemplateValue] = ["present": "yes", "missing": nil, "empty": ""]
        let source = #"{{ present | default("no") }} {{ missing | default("no") }} {{ absent | default("no") }} [{{ empty | default("no") }}]"#
        #expect(try renderTemplate(source, context) == "yes no no []")
    }

    @Test func defaultFilterReplacesAMissingKeyOfADictionary() throws {
        #expect(try renderTemplate(#"{{ property.access | default("internal") }}"#, ["property": [:]]) == "internal")
    }

    @Test func defaultFilterIsNotReachedPastAFilterThatNeedsAValue() throws {
        // `upper` stops at the undefined variable, so the `default` after it never applies.
        #expect(try templateRenderError(#"{{ name | upper | default("x") }}"#)?.reason == .undefinedVariable("name", suggestion: nil))
    }

    @Test func filtersApplyFromLeftToRight() throws {
        #expect(try renderTemplate(#"{{ name | default("fallback") | capitalized }}"#) == "Fallback")
        #expect(try renderTemplate("{{ name | upper | lowerFirst }}", ["name": "total"]) == "tOTAL")
    }

    @Test func filtersApplyToLiterals() throws {
        #expect(try renderTemplate(#"{{ "abc" | upper }}"#) == "ABC")
    }
}
