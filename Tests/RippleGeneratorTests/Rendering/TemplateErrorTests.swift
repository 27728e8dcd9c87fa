import RippleGenerator
import Testing

/// Each mistake's exact diagnostic: location and a message that says how to fix it.
@Suite struct TemplateErrorTests {
    // MARK: Parse errors

    @Test func descriptionReadsLikeACompilerDiagnostic() {
        let error = templateParseError("struct A {\n    var x = {{ name | uper }}\n}\n", name: "Accessors.swift.template")
        #expect(error?.templateName == "Accessors.swift.template")
        #expect(error?.line == 2)
        #expect(error?.column == 23)
        #expect(error?.reason == .unknownFilter("uper", suggestion: "upper"))
        #expect(error?.description == "Accessors.swift.template:2:23: error: unknown filter 'uper'; did you mean 'upper'?")
    }

    @Test func parseErrorsAreFoundInBranchesThatNeverRender() {
        #expect(templateParseError("{% if false %}{{ x | uper }}{% endif %}")?.reason == .unknownFilter("uper", suggestion: "upper"))
    }

    @Test func unclosedForIsReportedAtTheEndWithItsOpeningLocation() {
        let error = templateParseError("a\nb\n    {% for p in items %}\n{{ p }}\n")
        #expect(error?.description == "test:5:1: error: unclosed '{% for %}' opened at 3:5; add '{% endfor %}'")
    }

    @Test func unclosedIfNamesEndif() {
        let error = templateParseError("{% if a %}{% else %}x")
        #expect(error?.description == "test:1:22: error: unclosed '{% if %}' opened at 1:1; add '{% endif %}'")
    }

    @Test func unknownFilterWithoutCloseSpellingListsTheFilters() {
        let error = templateParseError("{{ name | shout }}")
        #expect(error?.description == """
            test:1:11: error: unknown filter 'shout'; known filters are capitalized, count, default, join, lower, lowerFirst, upper
            """)
    }

    @Test func unknownTagSuggestsTheNearestTag() {
        let error = templateParseError("{% for x in xs %}\n{% endfro %}")
        #expect(error?.description == "test:2:4: error: unknown tag 'endfro'; did you mean 'endfor'?")
    }

    @Test func unknownTagWithoutCloseSpellingListsTheTags() {
        let error = templateParseError("{% macro x %}")
        #expect(error?.message == "unknown tag 'macro'; known tags are for, if, elif, else, endfor, endif, include")
    }

    @Test func emptyBlockTagAsksForATagName() {
        #expect(templateParseError("{% %}")?.description == "test:1:4: error: expected a tag name such as 'if', 'for' or 'include', found '%}'")
    }

    @Test func unclosedOutputTagIsReportedAtItsStart() {
        #expect(templateParseError("abc {{ name\n")?.description == "test:1:5: error: '{{' is not closed; add '}}'")
    }

    @Test func unclosedTagStopsAtTheNextTag() {
        #expect(templateParseError("{% if a \n{{ b }}{% endif %}")?.description == "test:1:1: error: '{%' is not closed; add '%}'")
    }

    @Test func unclosedCommentIsReportedAtItsStart() {
        #expect(templateParseError("a\n {# note")?.description == "test:2:2: error: '{#' is not closed; add '#}'")
    }

    @Test func unclosedStringIsReportedAtItsQuote() {
        #expect(templateParseError(#"{{ x | default("abc }}"#)?.description == #"test:1:16: error: string is not closed; add a closing '"'"#)
    }

    @Test func unknownEscapeInAStringIsReported() {
        #expect(templateParseError(#"{{ "a\q" }}"#)?.description == #"test:1:6: error: unknown escape '\q' in string; use '\\' for a backslash"#)
    }

    @Test func endTagWithoutOpeningTagIsReported() {
        #expect(templateParseError("x\n{% endfor %}")?.description
            == "test:2:1: error: '{% endfor %}' has no matching '{% for %}'; remove it or add the opening tag")
        #expect(templateParseError("{% else %}")?.message
            == "'{% else %}' has no matching '{% if %}' or '{% for %}'; remove it or add the opening tag")
        #expect(templateParseError("{% elif a %}")?.message == "'{% elif %}' has no matching '{% if %}'; remove it or add the opening tag")
    }

    @Test func endTagOfAnotherBlockIsReported() {
        #expect(templateParseError("{% for x in xs %}{% endif %}")?.description
            == "test:1:18: error: '{% endif %}' does not belong to '{% for %}' opened at 1:1; add '{% endfor %}' before it")
        #expect(templateParseError("{% if a %}{% for x in xs %}{% elif b %}")?.message
            == "'{% elif %}' does not belong to '{% for %}' opened at 1:11; add '{% endfor %}' before it")
    }

    @Test func secondElseIsReported() {
        #expect(templateParseError("{% if a %}{% else %}{% else %}{% endif %}")?.description
            == "test:1:21: error: '{% if %}' opened at 1:1 already has an '{% else %}'; remove one")
        #expect(templateParseError("{% for x in xs %}{% else %}{% else %}{% endfor %}")?.message
            == "'{% for %}' opened at 1:1 already has an '{% else %}'; remove one")
    }

    @Test func elifAfterElseIsReported() {
        #expect(templateParseError("{% if a %}{% else %}{% elif b %}{% endif %}")?.message
            == "'{% elif %}' comes after the '{% else %}' of '{% if %}' opened at 1:1; move it before '{% else %}'")
    }

    @Test func extraWordsInATagAreReported() {
        #expect(templateParseError("{{ name upper }}")?.description == "test:1:9: error: expected '|' or '}}', found 'upper'")
        #expect(templateParseError("{% for x in xs %}{% endfor x %}")?.description == "test:1:28: error: expected '%}', found 'x'")
        #expect(templateParseError("{% if a b %}{% endif %}")?.message == "expected 'and', 'or', '==', '!=' or '%}', found 'b'")
    }

    @Test func malformedForIsReported() {
        #expect(templateParseError("{% for x items %}")?.description == "test:1:10: error: expected 'in' after 'for x', found 'items'")
        #expect(templateParseError("{% for %}")?.message == "expected a loop variable name after 'for', found '%}'")
        #expect(templateParseError("{% for x in %}")?.message == "expected an array to loop over, found '%}'")
        #expect(templateParseError("{% for loop in xs %}{% endfor %}")?.message
            == "'loop' is reserved for the loop's position; choose another variable name")
    }

    @Test func malformedConditionIsReported() {
        #expect(templateParseError("{% if %}")?.description == "test:1:7: error: expected a condition, found '%}'")
        #expect(templateParseError("{% if a = b %}")?.description == "test:1:9: error: unexpected '='; did you mean '=='?")
        #expect(templateParseError("{% if a && b %}")?.message == "unexpected '&&'; did you mean 'and'?")
        #expect(templateParseError("{% if a || b %}")?.message == "unexpected '||'; did you mean 'or'?")
        #expect(templateParseError("{% if !a %}")?.message == "unexpected '!'; did you mean 'not'?")
        #expect(templateParseError("{% if (a or b %}")?.message == "expected ')', found '%}'")
        #expect(templateParseError("{% if a == %}")?.message == "expected a variable name or a literal, found '%}'")
    }

    @Test func malformedPathAndFilterAreReported() {
        #expect(templateParseError("{{ a. }}")?.description == "test:1:7: error: expected a key name after '.', found '}}'")
        #expect(templateParseError("{{ a | }}")?.message == "expected a filter name after '|', found '}}'")
        #expect(templateParseError("{{ a | join(x) }}")?.message == #"expected a literal argument such as "text" or 1, found 'x'"#)
        #expect(templateParseError(#"{{ a | join(", " }}"#)?.message == "expected ',' or ')', found '}}'")
        #expect(templateParseError("{{ @ }}")?.message == "unexpected '@'")
        #expect(templateParseError("{{ é }}")?.message == "unexpected 'é'")
    }

    @Test func wrongNumberOfFilterArgumentsShowsTheUsage() {
        #expect(templateParseError("{{ names | join }}")?.description
            == #"test:1:12: error: filter 'join' takes 1 argument, not 0; write 'join(", ")'"#)
        #expect(templateParseError(#"{{ name | upper("x") }}"#)?.message == "filter 'upper' takes no arguments, not 1; write 'upper'")
        #expect(templateParseError(#"{{ name | default }}"#)?.message == #"filter 'default' takes 1 argument, not 0; write 'default("value")'"#)
    }

    @Test func includeNeedsAQuotedName() {
        #expect(templateParseError("{% include partial %}")?.description
            == "test:1:12: error: expected a template name in quotes after 'include', found 'partial'")
    }

    // MARK: Render errors

    @Test func undefinedVariableIsAnError() throws {
        let error = try templateRenderError("a\n  {{ x.y }}", ["x": ["z": 1]])
        #expect(error?.reason == .undefinedVariable("x.y", suggestion: nil))
        #expect(error?.description == #"""
            test:2:6: error: variable 'x.y' is not defined; if it is optional, test it with '{% if x.y %}' or use '| default("…")'
            """#)
    }

    @Test func undefinedVariableSuggestsTheNearestName() throws {
        #expect(try templateRenderError("{{ tyep }}", ["type": "A"])?.message == "variable 'tyep' is not defined; did you mean 'type'?")
        #expect(try templateRenderError("{{ user.nmae }}", ["user": ["name": "A"]])?.message
            == "variable 'user.nmae' is not defined; did you mean 'user.name'?")
        #expect(try templateRenderError("{% for item in items %}{{ itme.name }}{% endfor %}", ["items": [["name": "A"]]])?.message
            == "variable 'itme.name' is not defined; did you mean 'item.name'?")
        #expect(try templateRenderError("{% for x in xs %}{{ loop.idnex }}{% endfor %}", ["xs": [1]])?.message
            == "variable 'loop.idnex' is not defined; did you mean 'loop.index'?")
    }

    @Test func undefinedVariableIsAnErrorInFiltersAndLoops() throws {
        #expect(try templateRenderError("{{ name | upper }}")?.description == #"""
            test:1:4: error: variable 'name' is not defined; if it is optional, test it with '{% if name %}' or use '| default("…")'
            """#)
        #expect(try templateRenderError("{% for x in items %}{% endfor %}")?.reason == .undefinedVariable("items", suggestion: nil))
    }

    @Test func printingAnArrayDictionaryOrNullIsAnError() throws {
        #expect(try templateRenderError("{{ items }}", ["items": ["a"]])?.description
            == #"test:1:4: error: 'items' is an array and cannot be printed; use '| join(", ")' or a '{% for %}' loop"#)
        #expect(try templateRenderError("{{ user }}", ["user": ["name": "A"]])?.message
            == "'user' is a dictionary and cannot be printed; print one of its keys, such as 'user.name'")
        #expect(try templateRenderError("{{ value }}", ["value": nil])?.message
            == #"'value' is null and cannot be printed; use '| default("…")' or test it with '{% if value %}'"#)
    }

    @Test func loopingOverANonArrayIsAnError() throws {
        #expect(try templateRenderError("\n {% for c in name %}{% endfor %}", ["name": "abc"])?.description
            == "test:2:14: error: cannot loop over 'name' because it is a string; '{% for %}' needs an array")
    }

    @Test func filterOnTheWrongKindOfValueIsAnError() throws {
        #expect(try templateRenderError("{{ n | upper }}", ["n": 3])?.description
            == "test:1:8: error: filter 'upper' expects a string, not an int")
        #expect(try templateRenderError(#"{{ xs | join(", ") }}"#, ["xs": ["a", ["b"]]])?.message
            == "filter 'join' expects an array of strings, not an array containing an array")
        #expect(try templateRenderError("{{ b | count }}", ["b": true])?.message
            == "filter 'count' expects a string, an array or a dictionary, not a bool")
    }

    @Test func lookingIntoANonDictionaryIsAnError() throws {
        #expect(try templateRenderError("{{ name.first }}", ["name": "Ann"])?.description
            == "test:1:4: error: cannot look up 'first' in 'name' because it is a string, not a dictionary")
        #expect(try templateRenderError("{% if a.b.c %}{% endif %}", ["a": ["b": 1]])?.message
            == "cannot look up 'c' in 'a.b' because it is an int, not a dictionary")
    }

    @Test func missingIncludedTemplateIsAnError() throws {
        let partial = try Template(name: "property", source: "")
        #expect(try templateRenderError("\n{% include \"proprety\" %}", templates: ["property": partial])?.description
            == "test:2:12: error: template 'proprety' not found; did you mean 'property'?")
        #expect(try templateRenderError("{% include \"x\" %}")?.message
            == "template 'x' not found; add it to the templates passed to 'render(_:templates:)'")
    }

    @Test func errorInAnIncludedTemplateNamesThatTemplate() throws {
        let partial = try Template(name: "partial.template", source: "ok\n{{ missing }}")
        #expect(try templateRenderError("{% include \"partial\" %}", templates: ["partial": partial])?.description.hasPrefix(
            "partial.template:2:4: error: variable 'missing' is not defined") == true)
    }

    @Test func templateIncludingItselfIsAnError() throws {
        let recursive = try Template(name: "recursive", source: "{% include \"recursive\" %}")
        #expect(try templateRenderError("{% include \"recursive\" %}", templates: ["recursive": recursive])?.description
            == "recursive:1:12: error: including 'recursive' nests more than 32 includes deep; a template probably includes itself")
    }
}
