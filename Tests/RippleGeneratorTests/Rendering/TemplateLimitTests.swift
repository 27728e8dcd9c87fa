import Foundation
import RippleGenerator
import Testing

/// Templates nested thousands of levels deep, very long conditions and output that grows
/// without bound end with a result or a diagnostic, never a crash.
///
/// Each runs on a thread with a small stack, where recursion as deep as the input overflows;
/// the sizes of the fuzzer's findings (5,800 nested `if`s...) run with
/// `RIPPLE_TEMPLATE_STRESS=1`.
@Suite struct TemplateLimitTests {
    static let isStressed = ProcessInfo.processInfo.environment["RIPPLE_TEMPLATE_STRESS"] == "1"
    static let limit = 256

    @Test func nestedIfsPastTheLimitAreAnErrorWhereTheLimitIsReached() {
        let depth = Self.isStressed ? 5_800 : 1_000
        let source = String(repeating: "{% if a %}\n", count: depth) + String(repeating: "{% endif %}\n", count: depth)
        let error = onSmallStack { templateParseError(source) }
        #expect(error?.description == """
            test:\(Self.limit + 1):1: error: blocks nest more than 256 deep; \
            move the inner ones to a template of their own and '{% include %}' it
            """)
    }

    @Test func nestedForsPastTheLimitAreAnErrorWhereTheLimitIsReached() {
        let depth = Self.isStressed ? 5_700 : 1_000
        let source = String(repeating: "{% for x in xs %}", count: depth) + String(repeating: "{% endfor %}", count: depth)
        let error = onSmallStack { templateParseError(source) }
        #expect(error?.reason == .blocksTooDeep(limit: Self.limit))
        #expect(error?.column == 17 * Self.limit + 1)
    }

    @Test func blocksNestedUpToTheLimitRender() throws {
        let source = String(repeating: "{% for x in xs %}{% if x %}", count: Self.limit / 2) + "{{ x }}"
            + String(repeating: "{% endif %}{% endfor %}", count: Self.limit / 2)
        let output = onSmallStack { Result { () throws(TemplateError) in try renderTemplate(source, ["xs": [1]]) } }
        #expect(try output.get() == "1")
    }

    @Test func blocksOfIncludedTemplatesNestInsideEachOther() throws {
        // A template including itself inside 200 blocks: 6,400 blocks deep when includes stop.
        let source = String(repeating: "{% if x %}", count: 200) + "{% include \"nested\" %}"
            + String(repeating: "{% endif %}", count: 200)
        let output = onSmallStack {
            Result { () throws(TemplateError) in
                let template = try Template(name: "nested", source: source)
                return try template.render(["x": true], templates: ["nested": template])
            }
        }
        #expect(throws: TemplateError(
            templateName: "nested", location: TemplateLocation(line: 1, column: 2_012),
            reason: .includeTooDeep("nested", limit: 32))
        ) { try output.get() }
    }

    @Test func nestedParenthesesPastTheLimitAreAnErrorWhereTheLimitIsReached() {
        let depth = Self.isStressed ? 10_900 : 2_000
        let source = "{% if " + String(repeating: "(", count: depth) + "a" + String(repeating: ")", count: depth) + " %}{% endif %}"
        let error = onSmallStack { templateParseError(source) }
        #expect(error?.description == "test:1:\(7 + Self.limit): error: parentheses nest more than 256 deep; simplify the condition")
    }

    @Test func parenthesesNestedUpToTheLimitWork() throws {
        let source = "{% if " + String(repeating: "(not ", count: Self.limit) + "a" + String(repeating: ")", count: Self.limit)
            + " %}yes{% else %}no{% endif %}"
        let output = onSmallStack { Result { () throws(TemplateError) in try renderTemplate(source, ["a": true]) } }
        #expect(try output.get() == "yes")
    }

    @Test func longAndChainsWork() throws {
        let terms = Self.isStressed ? 9_200 : 5_000
        let source = "{% if " + Array(repeating: "a", count: terms).joined(separator: " and ") + " and b %}yes{% else %}no{% endif %}"
        let output = onSmallStack {
            Result { () throws(TemplateError) in
                try [renderTemplate(source, ["a": true, "b": true]), renderTemplate(source, ["a": true, "b": false])]
            }
        }
        #expect(try output.get() == ["yes", "no"])
    }

    @Test func longOrAndNotChainsWork() throws {
        let terms = Self.isStressed ? 9_200 : 5_000
        let or = "{% if " + Array(repeating: "a", count: terms).joined(separator: " or ") + " or b %}yes{% else %}no{% endif %}"
        let not = "{% if " + String(repeating: "not ", count: terms + 1) + "a %}yes{% else %}no{% endif %}"
        let output = onSmallStack {
            Result { () throws(TemplateError) in
                try [renderTemplate(or, ["a": false, "b": true]), renderTemplate(or, ["a": false, "b": false]),
                     renderTemplate(not, ["a": true]), renderTemplate(not, ["a": false])]
            }
        }
        #expect(try output.get() == ["yes", "no", "no", "yes"])
    }

    // MARK: Output size

    @Test func outputPastTheLimitIsAnErrorAtTheLoopThatGrowsIt() throws {
        let template = try Template(name: "test", source: "{% for a in xs %}{% for b in xs %}0123456789{% endfor %}{% endfor %}")
        let context: [String: TemplateValue] = ["xs": .array(Array(repeating: 0, count: 100))]
        #expect(try template.render(context, outputLimit: 100_000).count == 100_000)
        let error = #expect(throws: TemplateError.self) { try template.render(context, outputLimit: 99_999) }
        #expect(error?.description == """
            test:1:18: error: the output grows past 99999 bytes; a loop probably repeats more than intended, \
            such as a loop over every class inside another
            """)
    }

    @Test func outputPastTheLimitIsAnErrorAtTheValueThatGrowsIt() throws {
        let template = try Template(name: "test", source: "{% for a in xs %}\n  {{ a }}\n{% endfor %}")
        let context: [String: TemplateValue] = ["xs": .array([.string(String(repeating: "x", count: 1_000))])]
        let error = #expect(throws: TemplateError.self) { try template.render(context, outputLimit: 999) }
        #expect(error?.location == TemplateLocation(line: 2, column: 6))
    }

    @Test func outputOfIncludesPastTheLimitIsAnError() throws {
        // Without a loop, each template includes the next twice: 2^20 copies of the text.
        var templates: [String: Template] = ["t20": try Template(name: "t20", source: "text")]
        for level in (0..<20).reversed() {
            templates["t\(level)"] = try Template(name: "t\(level)", source: "{% include \"t\(level + 1)\" %}{% include \"t\(level + 1)\" %}")
        }
        let error = #expect(throws: TemplateError.self) {
            try templates["t0"]!.render([:], templates: templates, outputLimit: 1_000)
        }
        #expect(error?.reason == .outputTooLarge(limit: 1_000))
    }

    // MARK: Steps

    @Test func loopsThatPrintNothingStopAtTheStepLimit() throws {
        // 40 loops over two elements each would take 2^40 iterations, printing nothing.
        let source = String(repeating: "{% for x in xs %}", count: 40) + String(repeating: "{% endfor %}", count: 40)
        let template = try Template(name: "test", source: source)
        let error = #expect(throws: TemplateError.self) { try template.render(["xs": [1, 2]], stepLimit: 1_000) }
        #expect(error?.reason == .tooManySteps(limit: 1_000))
        // Depth first, the 1,001st iteration is one of the 38th loop's.
        #expect(error?.description == "test:1:\(17 * 37 + 1): error: rendering takes more than 1,000 steps "
            + "(loop iterations and includes, in all); loops probably nest deeper or repeat more than intended")
        // Up to the limit, rendering goes on: 10 loops of two take 2 + 4 + ... + 1,024 steps.
        let ten = try Template(
            name: "ten", source: String(repeating: "{% for x in xs %}", count: 10) + String(repeating: "{% endfor %}", count: 10))
        #expect(try ten.render(["xs": [1, 2]], stepLimit: 2_046) == "")
        #expect(throws: TemplateError.self) { try ten.render(["xs": [1, 2]], stepLimit: 2_045) }
    }

    @Test func includesCountAsSteps() throws {
        // Each template includes the next twice, printing nothing: 2^20 includes.
        var templates: [String: Template] = ["t20": try Template(name: "t20", source: "")]
        for level in (0..<20).reversed() {
            templates["t\(level)"] = try Template(name: "t\(level)", source: "{% include \"t\(level + 1)\" %}{% include \"t\(level + 1)\" %}")
        }
        let error = #expect(throws: TemplateError.self) { try templates["t0"]!.render([:], templates: templates, stepLimit: 100) }
        #expect(error?.reason == .tooManySteps(limit: 100))
        #expect(Template.maximumSteps == 10_000_000)
    }

    @Test func defaultOutputLimitIs256MB() throws {
        #expect(Template.maximumOutputSize == 256 << 20)
        let message = TemplateError.Reason.outputTooLarge(limit: Template.maximumOutputSize).text
        #expect(message.hasPrefix("the output grows past 256 MB;"))
        guard Self.isStressed else { return }
        // A loop over 2,000 classes inside another, printing the members of each: past 256 MB.
        let members: TemplateValue = .array(Array(repeating: ["name": "someMemberName"], count: 10))
        let classes: TemplateValue = .array(Array(repeating: ["members": members], count: 2_000))
        let template = try Template(name: "Class.swift.ripple", source: """
            {% for class in classes %}{% for other in classes %}{% for member in other.members %}
            var {{ member.name }}: Int
            {% endfor %}{% endfor %}{% endfor %}
            """)
        let error = #expect(throws: TemplateError.self) { try template.render(["classes": classes]) }
        #expect(error?.reason == .outputTooLarge(limit: 256 << 20))
    }
}

/// Runs `body` on a thread with a stack of 512 KB, as secondary threads have, and returns
/// its result.
private func onSmallStack<Result: Sendable>(_ body: @escaping @Sendable () -> Result) -> Result {
    let box = ResultBox<Result>()
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        box.result = body()
        done.signal()
    }
    thread.stackSize = 512 << 10
    thread.start()
    done.wait()
    return box.result!
}

/// The result of a thread, read once the thread has signalled that it is done.
private final class ResultBox<Result>: @unchecked Sendable {
    var result: Result?
}
