import RippleGenerator
import Testing

@Suite struct TemplateControlFlowTests {
    // MARK: for

    @Test func forLoopRendersTheBodyForEachElement() throws {
        #expect(try renderTemplate("{% for x in items %}<{{ x }}>{% endfor %}", ["items": ["a", "b", "c"]]) == "<a><b><c>")
    }

    @Test func forLoopOverDictionariesReadsTheirKeys() throws {
        let context: [String: TemplateValue] = ["people": [["name": "Ann"], ["name": "Bob"]]]
        #expect(try renderTemplate("{% for p in people %}{{ p.name }};{% endfor %}", context) == "Ann;Bob;")
    }

    @Test func forLoopElseRendersOnlyWhenTheArrayIsEmpty() throws {
        let source = "{% for x in items %}{{ x }}{% else %}none{% endfor %}"
        #expect(try renderTemplate(source, ["items": []]) == "none")
        #expect(try renderTemplate(source, ["items": ["a"]]) == "a")
    }

    @Test func loopVariablesDescribeThePosition() throws {
        let source = "{% for x in items %}{{ loop.index }}{{ loop.index0 }}{{ loop.first }}{{ loop.last }}{{ loop.length }} {% endfor %}"
        #expect(try renderTemplate(source, ["items": ["a", "b", "c"]]) == "10truefalse3 21falsefalse3 32falsetrue3 ")
    }

    @Test func loopLastSeparatesElements() throws {
        let source = "{% for x in items %}{{ x }}{% if not loop.last %}, {% endif %}{% endfor %}"
        #expect(try renderTemplate(source, ["items": ["a", "b", "c"]]) == "a, b, c")
    }

    @Test func innerLoopShadowsTheOuterLoopsVariables() throws {
        let source = "{% for x in outer %}{% for x in inner %}{{ x }}{{ loop.index }}{% endfor %}{{ x }}{{ loop.index }} {% endfor %}"
        #expect(try renderTemplate(source, ["outer": ["A", "B"], "inner": ["a", "b"]]) == "a1b2A1 a1b2B2 ")
    }

    @Test func loopVariableShadowsTheContextAndDisappearsAfterTheLoop() throws {
        let source = "{% for name in items %}{{ name }}{% endfor %}{{ name }}"
        #expect(try renderTemplate(source, ["name": "outside", "items": ["inside"]]) == "insideoutside")
    }

    @Test func wholeLoopValueIsADictionary() throws {
        let source = "{% for x in items %}{{ loop | count }}{% endfor %}"
        #expect(try renderTemplate(source, ["items": ["a"]]) == "5")
    }

    @Test func everyIterationOfALongLoopComputesItsOwnValues() throws {
        // Each iteration computes a filter result, compares with a literal and reads `loop` as a whole.
        let template = try Template(name: "long", source: """
            {% for name in names %}{{ name | upper }}{% if name == "n7" %}!{% endif %}{{ loop | count }};{% endfor %}
            """)
        let names = (0..<10_000).map { TemplateValue.string("n\($0)") }
        let output = try template.render(["names": .array(names)])
        let expected = (0..<10_000).map { "N\($0)\($0 == 7 ? "!" : "")5;" }.joined()
        #expect(output == expected)
    }

    // MARK: if

    @Test func ifRendersItsBodyOnlyWhenTheConditionIsTruthy() throws {
        let source = "{% if value %}yes{% endif %}"
        let truthy: [TemplateValue] = [true, "x", 1, ["a"], ["k": "v"]]
        let falsy: [TemplateValue] = [false, "", 0, [], [:], nil]
        for value in truthy {
            #expect(try renderTemplate(source, ["value": value]) == "yes", "\(value)")
        }
        for value in falsy {
            #expect(try renderTemplate(source, ["value": value]) == "", "\(value)")
        }
    }

    @Test func undefinedVariableIsFalseInACondition() throws {
        #expect(try renderTemplate("{% if missing.key %}yes{% else %}no{% endif %}") == "no")
    }

    @Test func elifAndElseChooseTheFirstTrueBranch() throws {
        let source = "{% if a %}A{% elif b %}B{% elif c %}C{% else %}none{% endif %}"
        #expect(try renderTemplate(source, ["a": true, "b": true, "c": true]) == "A")
        #expect(try renderTemplate(source, ["a": false, "b": true, "c": true]) == "B")
        #expect(try renderTemplate(source, ["a": false, "b": false, "c": true]) == "C")
        #expect(try renderTemplate(source, ["a": false, "b": false, "c": false]) == "none")
    }

    @Test func notNegatesACondition() throws {
        #expect(try renderTemplate("{% if not a %}yes{% endif %}", ["a": false]) == "yes")
        #expect(try renderTemplate("{% if not not a %}yes{% endif %}", ["a": true]) == "yes")
    }

    @Test func andRequiresBothConditions() throws {
        let source = "{% if a and b %}yes{% else %}no{% endif %}"
        #expect(try renderTemplate(source, ["a": true, "b": true]) == "yes")
        #expect(try renderTemplate(source, ["a": true, "b": false]) == "no")
        #expect(try renderTemplate(source, ["a": false, "b": true]) == "no")
    }

    @Test func orRequiresEitherCondition() throws {
        let source = "{% if a or b %}yes{% else %}no{% endif %}"
        #expect(try renderTemplate(source, ["a": false, "b": true]) == "yes")
        #expect(try renderTemplate(source, ["a": true, "b": false]) == "yes")
        #expect(try renderTemplate(source, ["a": false, "b": false]) == "no")
    }

    @Test func andBindsTighterThanOrAndParenthesesGroup() throws {
        let context: [String: TemplateValue] = ["a": true, "b": false, "c": false]
        #expect(try renderTemplate("{% if a or b and c %}yes{% else %}no{% endif %}", context) == "yes")
        #expect(try renderTemplate("{% if (a or b) and c %}yes{% else %}no{% endif %}", context) == "no")
        #expect(try renderTemplate("{% if not b and a %}yes{% else %}no{% endif %}", context) == "yes")
    }

    @Test func equalityComparesWithALiteral() throws {
        let source = #"{% if kind == "root" %}root{% elif kind != "node" %}other{% else %}node{% endif %}"#
        #expect(try renderTemplate(source, ["kind": "root"]) == "root")
        #expect(try renderTemplate(source, ["kind": "node"]) == "node")
        #expect(try renderTemplate(source, ["kind": "leaf"]) == "other")
    }

    @Test func equalityComparesIntsBoolsAndVariables() throws {
        let context: [String: TemplateValue] = ["n": 2, "flag": true, "a": "x", "b": "x"]
        #expect(try renderTemplate("{% if n == 2 and flag == true and a == b %}yes{% endif %}", context) == "yes")
        #expect(try renderTemplate(#"{% if n == "2" %}yes{% else %}no{% endif %}"#, context) == "no")
    }

    @Test func delimitersInsideStringLiteralsDoNotEndTheTag() throws {
        #expect(try renderTemplate(#"{% if x == "%}" %}yes{% endif %}{{ "}}" }}"#, ["x": "%}"]) == "yes}}")
    }

    @Test func conditionsCanUseFilters() throws {
        let source = "{% if items | count == 1 %}one{% else %}many{% endif %}"
        #expect(try renderTemplate(source, ["items": ["a"]]) == "one")
        #expect(try renderTemplate(source, ["items": ["a", "b"]]) == "many")
    }

    // MARK: Comments and includes

    @Test func commentsProduceNothing() throws {
        #expect(try renderTemplate("a{# a comment with {{ tags }} and {% tags %} #}b") == "ab")
    }

    @Test func includeRendersAnotherTemplateWithTheCurrentVariables() throws {
        let partial = try Template(name: "property.template", source: "var {{ p }} = {{ value }}\n")
        let source = "{% for p in names %}{% include \"property\" %}{% endfor %}"
        let output = try renderTemplate(source, ["names": ["a", "b"], "value": 1], templates: ["property": partial])
        #expect(output == "var a = 1\nvar b = 1\n")
    }

    @Test func includedTemplatesCanIncludeOthers() throws {
        let inner = try Template(name: "inner", source: "[{{ x }}]")
        let outer = try Template(name: "outer", source: "({% include \"inner\" %})")
        #expect(try renderTemplate(#"{% include "outer" %}"#, ["x": "1"], templates: ["inner": inner, "outer": outer]) == "([1])")
    }

    @Test func templateRendersManyTimesWithDifferentContexts() throws {
        let template = try Template(name: "greeting", source: "Hi {{ name }}")
        #expect(try template.render(["name": "A"]) == "Hi A")
        #expect(try template.render(["name": "B"]) == "Hi B")
    }
}
