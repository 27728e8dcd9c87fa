import RippleGenerator
import Testing

@Suite struct TemplateWhitespaceTests {
    @Test func lineWithOnlyABlockTagProducesNoOutput() throws {
        let source = """
            before
            {% if true %}
            inside
            {% endif %}
            after

            """
        #expect(try renderTemplate(source) == "before\ninside\nafter\n")
    }

    @Test func indentationAroundABlockTagLineIsRemovedWithTheLine() throws {
        let source = "a\n  \t{% if true %}  \nb\n    {% endif %}\t\nc"
        #expect(try renderTemplate(source) == "a\nb\nc")
    }

    @Test func lineWithSeveralBlockTagsAndCommentsProducesNoOutput() throws {
        let source = "a\n  {% if true %} {# why #} {% if true %}\nb\n{% endif %}{% endif %}\nc\n"
        #expect(try renderTemplate(source) == "a\nb\nc\n")
    }

    @Test func lastLineWithoutNewlineVanishesToo() throws {
        #expect(try renderTemplate("a\n{% if true %}b\n{% endif %}") == "a\nb\n")
        #expect(try renderTemplate("a\n  {# end #}") == "a\n")
    }

    @Test func commentLineAndMultilineCommentProduceNoOutput() throws {
        let source = """
            a
            {# one line #}
              {# several
                 lines #}
            b

            """
        #expect(try renderTemplate(source) == "a\nb\n")
    }

    @Test func contentLinesKeepTheirIndentation() throws {
        let source = """
            struct S {
                {% for name in names %}
                let {{ name }}: Int
                {% endfor %}
            }

            """
        #expect(try renderTemplate(source, ["names": ["a", "b"]]) == "struct S {\n    let a: Int\n    let b: Int\n}\n")
    }

    @Test func nestedLoopsProduceCorrectlyIndentedCode() throws {
        let source = """
            enum Keys {
                {% for group in groups %}
                enum {{ group.name }} {
                    {% for key in group.keys %}
                    {% if loop.first %}
                    // First key of {{ group.name }}
                    {% endif %}
                    static let {{ key }} = "{{ group.name }}.{{ key }}"
                    {% endfor %}
                }
                {% endfor %}
            }

            """
        let context: [String: TemplateValue] = [
            "groups": [
                ["name": "Library", "keys": ["total", "shelves"]],
                ["name": "Shelf", "keys": ["entries"]],
            ]
        ]
        let expected = """
            enum Keys {
                enum Library {
                    // First key of Library
                    static let total = "Library.total"
                    static let shelves = "Library.shelves"
                }
                enum Shelf {
                    // First key of Shelf
                    static let entries = "Shelf.entries"
                }
            }

            """
        #expect(try renderTemplate(source, context) == expected)
    }

    @Test func emptyLinesInContentAreKept() throws {
        #expect(try renderTemplate("a\n\n{% if true %}\n\nb\n{% endif %}\n\n") == "a\n\n\nb\n\n")
    }

    @Test func inlineBlockTagsKeepTheTextAroundThem() throws {
        #expect(try renderTemplate("let a = {% if true %}1{% else %}2{% endif %} // x\n") == "let a = 1 // x\n")
        #expect(try renderTemplate("  {% if true %}x{% endif %}\n") == "  x\n")
    }

    @Test func lineWithAnOutputTagIsContentEvenWithBlockTags() throws {
        #expect(try renderTemplate("  {% if true %}{{ x }}{% endif %}  \n", ["x": "X"]) == "  X  \n")
    }

    @Test func lineWhoseBlockTagsRenderNothingStillKeepsOtherText() throws {
        #expect(try renderTemplate("x{% if false %}y{% endif %}\nz") == "x\nz")
    }

    @Test func dashTrimsAllWhitespaceOnItsSide() throws {
        #expect(try renderTemplate("a  \n  {%- if true %} b {% endif -%}  \n  c") == "a b c")
        #expect(try renderTemplate("[ {{- x -}} ]", ["x": "1"]) == "[1]")
        #expect(try renderTemplate("a \n {#- note -#} \n b") == "ab")
    }

    @Test func dashTrimsNothingWhenNoWhitespaceIsNextToTheTag() throws {
        #expect(try renderTemplate("a{{- x -}}b", ["x": "1"]) == "a1b")
    }

    @Test func windowsLineEndingsAreRemovedWithTheBlockTagLine() throws {
        #expect(try renderTemplate("a\r\n{% if true %}\r\nb\r\n{% endif %}\r\nc\r\n") == "a\r\nb\r\nc\r\n")
    }

    @Test func includeOnItsOwnLineInsertsTheIncludedLines() throws {
        let partial = try Template(name: "partial", source: "    // {{ x }}\n")
        let source = "{\n    {% include \"partial\" %}\n}\n"
        #expect(try renderTemplate(source, ["x": "hi"], templates: ["partial": partial]) == "{\n    // hi\n}\n")
    }
}
